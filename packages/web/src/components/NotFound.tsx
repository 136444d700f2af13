import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist, or is not part of this Tessera yet."
      data-testid="not-found"
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
