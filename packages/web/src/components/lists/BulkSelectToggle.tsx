import { Button } from 'antd';

/** The header button that turns a list's bulk-select mode on and off. */
export function BulkSelectToggle({
  active,
  onToggle,
  testId,
}: {
  active: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <Button onClick={onToggle} data-testid={testId}>
      {active ? 'Cancel bulk select' : 'Bulk select'}
    </Button>
  );
}
