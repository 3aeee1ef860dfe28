// One custom field of any of the eight types (spec 1 §3), as a labelled touch-sized input.
// Values follow the spec's payload: checkboxes as JSON text, toggles as 1 or 0.
import type { KioskField } from '../hooks/use-kiosk-data';
import { KCheck, KChoiceGroup, KTextarea, KTextInput } from './kit';

export type FieldValue = string | number;

export function CustomFieldInput({
  field,
  value,
  onChange,
}: {
  field: KioskField;
  value: FieldValue | undefined;
  onChange: (v: FieldValue) => void;
}) {
  const label = field.name;
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  switch (field.type) {
    case 'number':
      // The letter e (and anything but digits) is blocked in number fields (spec 1 §5).
      return (
        <KTextInput
          label={label}
          inputMode="numeric"
          value={text}
          maxLength={13}
          onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
        />
      );
    case 'date':
      return <KTextInput type="date" label={label} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'long text':
      return (
        <KTextarea
          label={label}
          value={text}
          maxLength={2000}
          rows={3}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'toggle button':
      return (
        <KCheck
          kind="switch"
          label={label}
          checked={value === 1}
          onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)}
        />
      );
    case 'checkboxes': {
      const chosen: string[] = text ? (JSON.parse(text) as string[]) : [];
      return (
        <KChoiceGroup label={label}>
          {field.options.map((o) => (
            <KCheck
              key={o}
              label={o}
              value={o}
              checked={chosen.includes(o)}
              onChange={(e) =>
                onChange(JSON.stringify(e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o)))
              }
            />
          ))}
        </KChoiceGroup>
      );
    }
    case 'rating scale':
    case 'radio buttons':
      return (
        <KChoiceGroup label={label} radio>
          {field.options.map((o) => (
            <KCheck
              key={o}
              kind="radio"
              name={field.id}
              label={o}
              value={o}
              checked={text === o}
              onChange={() => onChange(o)}
            />
          ))}
        </KChoiceGroup>
      );
    default:
      return <KTextInput label={label} value={text} maxLength={50} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

export function CustomFields({
  fields,
  values,
  onChange,
}: {
  fields: KioskField[];
  values: Record<string, FieldValue>;
  onChange: (id: string, v: FieldValue) => void;
}) {
  if (!fields.length) return null;
  return (
    <div className="gk-stack">
      {fields.map((f) => (
        <CustomFieldInput key={f.id} field={f} value={values[f.id]} onChange={(v) => onChange(f.id, v)} />
      ))}
    </div>
  );
}
