import { timeoutError } from '@tessera/shared/clientErrors';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorAlert } from './ErrorAlert.tsx';

describe('error alert', () => {
  it('shows the message and the issue codes of a structured error', () => {
    render(<ErrorAlert error={timeoutError(60)} />);
    expect(screen.getByText('Request timed out')).toBeTruthy();
    expect(screen.getByText('Issue 1000 - The dataset is too large to query.')).toBeTruthy();
    expect(screen.getByText('Issue 1001 - The database is under an unusual load.')).toBeTruthy();
  });

  it('links to more help in a new tab when the link is absolute', () => {
    render(<ErrorAlert error={{ error: 'Could not connect', link: 'https://docs.example/db' }} />);
    const link = screen.getByText('See more') as HTMLAnchorElement;
    expect(link.href).toBe('https://docs.example/db');
    expect(link.target).toBe('_blank');
  });

  it('shows a plain message', () => {
    render(<ErrorAlert error="Network error" testId="plain" />);
    expect(screen.getByTestId('plain').textContent).toContain('Network error');
  });
});
