import { Avatar, Tooltip, Typography } from 'antd';

export interface Owner {
  id: number;
  first_name: string;
  last_name: string;
}

const PALETTE = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#0369a1', '#4d7c0f'];

export const ownerName = (owner: Owner) =>
  [owner.first_name, owner.last_name].filter(Boolean).join(' ') || `User ${owner.id}`;

function initials(owner: Owner): string {
  const letters = `${owner.first_name[0] ?? ''}${owner.last_name[0] ?? ''}`;
  return (letters || '?').toUpperCase();
}

/** The owners of an object as a row of initials, each named on hover. */
export function OwnerAvatars({ owners, max = 4 }: { owners: Owner[]; max?: number }) {
  if (owners.length === 0) {
    return (
      <Typography.Text type="secondary" aria-label="no owners">
        –
      </Typography.Text>
    );
  }
  return (
    <Avatar.Group max={{ count: max }} size={26} data-testid="dataset-owners">
      {owners.map((owner) => (
        <Tooltip key={owner.id} title={ownerName(owner)}>
          <Avatar
            size={26}
            style={{ background: PALETTE[owner.id % PALETTE.length], fontSize: 11 }}
            data-testid="dataset-owner"
          >
            {initials(owner)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
