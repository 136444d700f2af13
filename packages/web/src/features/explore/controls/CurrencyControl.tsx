import { Select, Space } from 'antd';
import type { ControlProps } from './types.ts';

interface CurrencyValue {
  symbol?: string | null;
  symbolPosition?: 'prefix' | 'suffix';
}

/** ISO codes; the number formatter in shared turns them into symbols. */
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'INR',
  'CHF',
  'CAD',
  'AUD',
  'BRL',
  'KRW',
  'SEK',
];

/** A currency and where its symbol goes; cleared back to null (no currency). */
export function CurrencyControl({ name, value, onChange }: ControlProps) {
  const current = (value && typeof value === 'object' ? value : {}) as CurrencyValue;
  const position = current.symbolPosition ?? 'prefix';
  return (
    <Space.Compact block>
      <Select
        data-testid={`currency-position-${name}`}
        aria-label="Currency prefix or suffix"
        style={{ width: '45%' }}
        value={position}
        onChange={(symbolPosition: 'prefix' | 'suffix') =>
          current.symbol && onChange({ symbol: current.symbol, symbolPosition })
        }
        options={[
          { value: 'prefix', label: 'Prefix', title: 'Prefix' },
          { value: 'suffix', label: 'Suffix', title: 'Suffix' },
        ]}
      />
      <Select
        data-testid={`currency-symbol-${name}`}
        aria-label="Currency"
        style={{ width: '55%' }}
        allowClear
        showSearch
        placeholder="Currency"
        value={current.symbol ?? undefined}
        onChange={(symbol: string | undefined) =>
          onChange(symbol ? { symbol, symbolPosition: position } : null)
        }
        options={CURRENCIES.map((code) => ({ value: code, label: code, title: code }))}
      />
    </Space.Compact>
  );
}
