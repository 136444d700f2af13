/**
 * Which row-level security rules apply to a user and how their clauses combine, as Superset
 * does: a Regular rule applies to users holding one of its roles, a Base rule to users holding
 * none of them; rules without a group key each stand alone, rules sharing a group key are ORed
 * into one predicate; the resulting predicates are ANDed by the caller.
 */

export interface RlsRuleInput {
  id: number;
  filter_type: string;
  group_key: string | null;
  clause: string;
  roleNames: string[];
}

export function rulesApplying<T extends RlsRuleInput>(rules: T[], userRoles: string[]): T[] {
  const held = new Set(userRoles);
  return rules.filter((rule) => {
    const matches = rule.roleNames.some((name) => held.has(name));
    if (rule.filter_type === 'Regular') return matches;
    if (rule.filter_type === 'Base') return !matches;
    return false;
  });
}

/**
 * The predicates to AND into a query, each wrapped in parentheses. `render` turns a clause
 * template into SQL (nunjucks with the user's context).
 */
export function combineClauses(
  rules: RlsRuleInput[],
  render: (clause: string) => string = (clause) => clause,
): string[] {
  const alone: string[] = [];
  const groups = new Map<string, string[]>();
  for (const rule of rules) {
    const clause = `(${render(rule.clause)})`;
    const key = rule.group_key?.trim();
    if (!key) {
      alone.push(clause);
      continue;
    }
    const group = groups.get(key) ?? [];
    group.push(clause);
    groups.set(key, group);
  }
  const grouped = [...groups.values()].map((clauses) =>
    clauses.length === 1 ? (clauses[0] as string) : `(${clauses.join(' OR ')})`,
  );
  return [...alone, ...grouped];
}
