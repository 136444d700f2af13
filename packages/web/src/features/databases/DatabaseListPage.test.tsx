import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { DatabaseListPage } from './DatabaseListPage.tsx';

describe('database list page', () => {
  it('shows Gamma a 403 notice instead of the database admin page', async () => {
    renderWithApp(<DatabaseListPage />, {
      user: testUser(GAMMA, 'gamma'),
      path: '/databaseview/list/',
    });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(screen.getByText('Access denied')).toBeTruthy();
    expect(screen.queryByTestId('database-add')).toBeNull();
  });
});
