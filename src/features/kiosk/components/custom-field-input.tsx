// One custom field of any of the eight types (spec 1 §3), as a labelled touch-sized input.
// Values follow the spec's payload: checkboxes as JSON text, toggles as 1 or 0.
import { Checkbox, Group, Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { KioskField } from '../hooks/use-kiosk-data';

export type FieldValue = string | number;

export function CustomFieldInput({ field, value, onChange }: { field: KioskField; value: FieldValue | undefined; onChange: (v: FieldValue) => void }) {
  const label = field.name;
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  switch (field.type) {
    case 'number':
      // The letter e (and anything but digits) is blocked in number fields (spec 1 §5).
      return <TextInput size="lg" label={label} inputMode="numeric" value={text} maxLength={13} onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))} />;
    case 'date':
      return <TextInput size="lg" type="date" label={label} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'long text':
      return <Textarea size="lg" label={label} value={text} maxLength={2000} autosize minRows={2} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'toggle button':
      return <Switch size="lg" label={label} checked={value === 1} onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)} />;
    case 'checkboxes': {
      const chosen: string[] = text ? (JSON.parse(text) as string[]) : [];
      return (
        <Checkbox.Group size="lg" label={label} value={chosen} onChange={(v) => onChange(JSON.stringify(v))}>
          <Group mt="xs">{field.options.map((o) => <Checkbox key={o} size="lg" value={o} label={o} />)}</Group>
        </Checkbox.Group>
      );
    }
    case 'rating scale':
    case 'radio buttons':
      return (
        <Radio.Group size="lg" label={label} value={text} onChange={onChange}>
          <Group mt="xs">{field.options.map((o) => <Radio key={o} size="lg" value={o} label={o} />)}</Group>
        </Radio.Group>
      );
    default:
      return <TextInput size="lg" label={label} value={text} maxLength={50} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

export function CustomFields({ fields, values, onChange }: { fields: KioskField[]; values: Record<string, FieldValue>; onChange: (id: string, v: FieldValue) => void }) {
  if (!fields.length) return null;
  return <Stack gap="md">{fields.map((f) => <CustomFieldInput key={f.id} field={f} value={values[f.id]} onChange={(v) => onChange(f.id, v)} />)}</Stack>;
}
