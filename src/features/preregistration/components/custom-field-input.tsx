// One custom field of the flow (spec 1 §3 types), as text for the wire: toggles send 1 or 0,
// checkboxes a JSON list.
import { Checkbox, Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateField } from '../../../ui/date-field';
import type { CustomFieldSection } from '../hooks/pre-api';

type Field = CustomFieldSection['custom_fields'][number];

export function CustomFieldInput({
  field,
  value,
  onChange,
}: {
  field: Field;
  value: string;
  onChange(value: string): void;
}) {
  const common = { label: field.name, required: field.required };
  const labelOf = (i: number) => field.option_labels?.[i] || field.options[i];
  switch (field.type) {
    case 'toggle':
    case 'toggle button':
      return (
        <Switch
          label={field.name}
          checked={value === '1'}
          onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')}
        />
      );
    case 'long text':
      return (
        <Textarea {...common} autosize minRows={2} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'radio':
    case 'radio buttons':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {field.options.map((o, i) => (
              <Radio key={o} value={o} label={labelOf(i)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkboxes': {
      const chosen: string[] = value ? (JSON.parse(value) as string[]) : [];
      return (
        <Checkbox.Group {...common} value={chosen} onChange={(next) => onChange(JSON.stringify(next))}>
          <Stack gap={6} mt={4}>
            {field.options.map((o, i) => (
              <Checkbox key={o} value={o} label={labelOf(i)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'date':
      return <DateField {...common} value={value} onChange={onChange} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'number' ? 'number' : 'text'}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
