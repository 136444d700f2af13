import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { isAbsoluteUrl } from '@tessera/shared/links';
import { Alert, Button } from 'antd';

export interface ErrorAlertProps {
  error: ClientErrorObject | string;
  /** Shown above the message, e.g. "Could not load databases". */
  title?: string;
  onRetry?: () => void;
  testId?: string;
  compact?: boolean;
}

function issueMessages(error: ClientErrorObject): string[] {
  const codes = error.errors?.[0]?.extra?.issue_codes ?? [];
  return codes.map((issue) => issue.message);
}

/** A failed call, as the normalised error object describes it: message, details, issues, link. */
export function ErrorAlert({
  error,
  title,
  onRetry,
  testId = 'error-alert',
  compact,
}: ErrorAlertProps) {
  const info: ClientErrorObject = typeof error === 'string' ? { error } : error;
  const issues = issueMessages(info);
  const details = (
    <div>
      {title && <div>{info.error}</div>}
      {info.description && <div>{info.description}</div>}
      {issues.length > 0 && (
        <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>
          {issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      {info.link && (
        <a
          href={info.link}
          target={isAbsoluteUrl(info.link) ? '_blank' : undefined}
          rel="noopener noreferrer"
        >
          See more
        </a>
      )}
    </div>
  );
  const hasDetails = Boolean(title || info.description || issues.length || info.link);
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={title ?? info.error}
      description={hasDetails && !compact ? details : undefined}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  );
}
