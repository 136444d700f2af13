import type { Actor } from '../../security/actor.ts';
import { nowIso } from './store.ts';

/**
 * The audit columns, stamped in one place: every repository spreads these into its inserts and
 * updates instead of writing `created_by_fk`/`changed_on` by hand. The system and guests stamp
 * no user.
 */
export interface CreatedStamp {
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface ChangedStamp {
  changed_by_fk: number | null;
  changed_on: string;
}

/** Who did it, as audit columns record it: an actor, or a user id already resolved. */
export type AuditSource = Actor | number | null;

function userIdOf(source: AuditSource): number | null {
  if (source === null || typeof source === 'number') return source;
  return source.user?.id ?? null;
}

export function createdStamp(source: AuditSource, at: string = nowIso()): CreatedStamp {
  const id = userIdOf(source);
  return { created_by_fk: id, changed_by_fk: id, created_on: at, changed_on: at };
}

export function changedStamp(source: AuditSource, at: string = nowIso()): ChangedStamp {
  return { changed_by_fk: userIdOf(source), changed_on: at };
}
