import { Flex, Select, Typography } from 'antd';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { datasetApi } from '../../datasetApi.ts';
import { type Owner, OwnerAvatars, ownerName } from '../OwnerAvatars.tsx';

export interface OwnersFieldProps {
  /** Admins pick owners from every user; others see them (the server has no owner look-up for them). */
  editable: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  current: Owner[];
}

export function OwnersField({ editable, value, onChange, current }: OwnersFieldProps) {
  const users = useApiQuery((signal) => datasetApi.users(signal), [], { enabled: editable });
  if (!editable) {
    return (
      <Flex align="center" gap={10} data-testid="settings-owners-readonly">
        <OwnerAvatars owners={current} max={8} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {current.map(ownerName).join(', ') || 'No owners'}
        </Typography.Text>
      </Flex>
    );
  }
  const known = new Map<number, string>(current.map((o) => [o.id, ownerName(o)]));
  for (const user of users.data?.result ?? []) {
    known.set(
      user.id,
      `${[user.first_name, user.last_name].filter(Boolean).join(' ') || user.username} (${user.username})`,
    );
  }
  return (
    <Select<number[]>
      mode="multiple"
      value={value}
      onChange={onChange}
      loading={users.loading}
      placeholder="Select owners"
      showSearch={{ optionFilterProp: 'label' }}
      options={[...known].map(([id, label]) => ({ value: id, label }))}
      data-testid="settings-owners"
    />
  );
}
