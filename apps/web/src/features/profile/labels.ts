/** "non-binary" → "Non-binary": how option values (gender, sexuality, status) read on screen. */
export function optionLabel(value: string): string {
  return value ? `${value.charAt(0).toUpperCase()}${value.slice(1)}` : value;
}
