/** An icon of the site's set, picked from a searchable list that shows each icon beside its name. */
import { Group, Select } from '@mantine/core';
import { Icon } from '../../../../ui/icons';
import { ICON_NAMES, type IconName } from '../../../../vocabulary/icon-names';
import type { LeafFieldProps } from './leaf-props';

const isIconName = (value: unknown): value is IconName => typeof value === 'string' && (ICON_NAMES as readonly string[]).includes(value);

export function IconField({ label, description, required, error, disabled, value, onChange }: LeafFieldProps) {
  return (
    <Select
      label={label}
      description={description}
      required={required}
      error={error}
      disabled={disabled}
      searchable
      clearable={!required}
      data={[...ICON_NAMES]}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      leftSection={isIconName(value) ? <Icon name={value} size={18} /> : null}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Icon name={option.value as IconName} size={18} />
          <span>{option.value}</span>
        </Group>
      )}
    />
  );
}
