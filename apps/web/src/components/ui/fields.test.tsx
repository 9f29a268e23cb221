import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { Select } from './select';
import { TextField } from './text-field';

interface Values {
  name: string;
  gender: string;
  agree: boolean;
}

/** A form wiring the three fields with react-hook-form's `register`, as the app's forms do. */
function RegisteredForm({ onValid }: { onValid: (values: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: 'Ann', gender: '', agree: false } });
  return (
    <form onSubmit={(event) => void handleSubmit((values) => onValid(values))(event)}>
      <TextField
        label="Name"
        hint="As you like to be called"
        error={errors.name?.message}
        {...register('name', { required: 'Please fill in your name' })}
      />
      <Select
        label="Gender"
        placeholder="Select gender"
        options={[
          { value: 'female', label: 'Female' },
          { value: 'male', label: 'Male' },
        ]}
        {...register('gender')}
      />
      <Checkbox label="I agree" {...register('agree')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField, Select and Checkbox with react-hook-form', () => {
  it('take register(): default values, typed values and the error under the field', async () => {
    const onValid = vi.fn();
    render(<RegisteredForm onValid={onValid} />);
    const user = userEvent.setup({ delay: null });
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Ann');

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('As you like to be called Please fill in your name');
    expect(name).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(name, 'Bea');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid).toHaveBeenCalledWith({ name: 'Bea', gender: 'female', agree: true });
  });
});
