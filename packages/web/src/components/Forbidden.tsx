import { Button, Result } from 'antd';
import { Link } from 'react-router';

export interface ForbiddenProps {
  what?: string;
}

/** Shown when a page exists but the user's roles do not allow it (the server refuses anyway). */
export function Forbidden({ what = 'this page' }: ForbiddenProps) {
  return (
    <Result
      status="403"
      title="Access denied"
      subTitle={`You don't have permission to access ${what}. Ask an administrator for access.`}
      data-testid="forbidden"
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
