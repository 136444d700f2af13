import { describe, expect, it } from 'vitest';
import { UserCreate, UserUpdate } from './security.ts';

describe('UserUpdate', () => {
  it('keeps only the fields sent: no default reactivates a user or clears a last name', () => {
    expect(UserUpdate.parse({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
  });

  it('still checks each field it is given', () => {
    expect(UserUpdate.safeParse({ active: 'yes' }).success).toBe(false);
    expect(UserUpdate.safeParse({ email: 'nope' }).success).toBe(false);
  });
});

describe('UserCreate', () => {
  it('fills in an empty last name and an active account', () => {
    const user = UserCreate.parse({
      username: 'ana',
      first_name: 'Ana',
      email: 'ana@example.com',
      password: 'longenough',
      roles: [1],
    });
    expect(user).toMatchObject({ last_name: '', active: true });
  });
});
