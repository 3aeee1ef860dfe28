// "Who are you visiting?": search starts after a first name, a space and two letters (spec 1 §5).
import { useRef, useState } from 'react';
import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { preApi } from '../hooks/pre-api';

const READY = /^\S+\s\S{2,}/;

export function HostSearch({ flowId, onChange }: { flowId: string; onChange(id: string): void }) {
  const { t } = useTranslation();
  const combobox = useCombobox();
  const [text, setText] = useState('');
  const [hosts, setHosts] = useState<Array<{ id: string; full_name: string }>>([]);
  // The search runs from the input's change, not an effect: an effect on `useCombobox()` (a new
  // object each render) set state on every render and starved every navigation away from the form.
  const asked = useRef(0);
  function search(value: string) {
    const n = ++asked.current;
    if (!READY.test(value)) {
      setHosts([]);
      return;
    }
    void preApi.hostSearch(flowId, value.trim()).then((r) => {
      if (n === asked.current && r.ok) {
        setHosts(r.data);
        combobox.openDropdown();
      }
    });
  }
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const h = hosts.find((x) => x.id === id);
        setText(h?.full_name ?? '');
        onChange(id);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t('preregistration.host')}
          description={t('preregistration.hostHint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            search(e.currentTarget.value);
            onChange('');
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!READY.test(text)}>
        <Combobox.Options>
          {hosts.length ? (
            hosts.map((h) => (
              <Combobox.Option value={h.id} key={h.id}>
                {h.full_name}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{t('preregistration.noHosts')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
