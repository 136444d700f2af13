import { describe, expect, it } from 'vitest';
import { combineClauses, type RlsRuleInput, rulesApplying } from './combine.ts';

const rule = (
  id: number,
  filter_type: string,
  roleNames: string[],
  clause: string,
  group_key: string | null = null,
): RlsRuleInput => ({ id, filter_type, roleNames, clause, group_key });

describe('which row-level security rules apply', () => {
  const rules = [
    rule(1, 'Regular', ['Gamma'], "region = 'EU'"),
    rule(2, 'Regular', ['Alpha'], "region = 'US'"),
    rule(3, 'Base', ['Admin'], 'tenant_id = 7'),
    rule(4, 'Base', [], 'deleted = false'),
    rule(5, 'Regular', [], 'never = 1'),
  ];

  it('applies Regular rules to users holding one of their roles', () => {
    expect(rulesApplying(rules, ['Gamma']).map((r) => r.id)).toEqual([1, 3, 4]);
    expect(rulesApplying(rules, ['Gamma', 'Alpha']).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('applies Base rules to everyone except their roles', () => {
    expect(rulesApplying(rules, ['Admin']).map((r) => r.id)).toEqual([4]);
    expect(rulesApplying(rules, ['Admin', 'Gamma']).map((r) => r.id)).toEqual([1, 4]);
  });

  it('applies Base rules without roles to everyone, also to anonymous callers', () => {
    expect(rulesApplying(rules, []).map((r) => r.id)).toEqual([3, 4]);
  });

  it('never applies a Regular rule without roles, nor a rule of an unknown type', () => {
    expect(
      rulesApplying([rule(5, 'Regular', [], 'x'), rule(6, 'Other', [], 'y')], ['Gamma']),
    ).toEqual([]);
  });
});

describe('how their clauses combine', () => {
  it('keeps ungrouped clauses apart (the caller ANDs them), each in parentheses', () => {
    expect(
      combineClauses([rule(1, 'Regular', [], 'a = 1'), rule(2, 'Regular', [], 'b = 2')]),
    ).toEqual(['(a = 1)', '(b = 2)']);
  });

  it('ORs clauses sharing a group key, and ANDs the groups', () => {
    const combined = combineClauses([
      rule(1, 'Regular', [], "region = 'EU'", 'region'),
      rule(2, 'Regular', [], "region = 'US'", 'region'),
      rule(3, 'Regular', [], 'dept = 1', 'dept'),
      rule(4, 'Regular', [], 'dept = 2', 'dept'),
      rule(5, 'Base', [], 'deleted = false'),
    ]);
    expect(combined).toEqual([
      '(deleted = false)',
      "((region = 'EU') OR (region = 'US'))",
      '((dept = 1) OR (dept = 2))',
    ]);
  });

  it('keeps a lone grouped clause as one predicate', () => {
    expect(combineClauses([rule(1, 'Regular', [], 'x = 1', 'g')])).toEqual(['(x = 1)']);
  });

  it('parenthesises each clause so an OR inside cannot widen the rule', () => {
    expect(
      combineClauses([rule(1, 'Regular', [], 'a = 1 OR 1 = 1'), rule(2, 'Regular', [], 'b = 2')]),
    ).toEqual(['(a = 1 OR 1 = 1)', '(b = 2)']);
  });

  it('renders each clause through the given renderer', () => {
    expect(
      combineClauses([rule(1, 'Regular', [], 'owner = {{ me }}')], (c) =>
        c.replace('{{ me }}', '42'),
      ),
    ).toEqual(['(owner = 42)']);
  });

  it('gives no predicates for no rules', () => {
    expect(combineClauses([])).toEqual([]);
  });
});
