/**
 * The option an ArrowDown/ArrowUp moves to in a combobox's list of `count` options, wrapping at
 * both ends; from "none active", ArrowDown goes to the first and ArrowUp to the last.
 */
export function stepActiveOption(activeIndex: number, key: 'ArrowDown' | 'ArrowUp', count: number) {
  const delta = key === 'ArrowDown' ? 1 : -1;
  const start = activeIndex === -1 ? (delta === 1 ? -1 : 0) : activeIndex;
  return (start + delta + count) % count;
}
