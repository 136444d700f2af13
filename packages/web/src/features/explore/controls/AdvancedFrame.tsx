import { InfoCircleOutlined } from '@ant-design/icons';
import { Input, Space, Tooltip, Typography } from 'antd';

const SYNTAX_HINT =
  'A date (2024-01-31, 2024-01-31T10:00:00), a phrase (now, today, 7 days ago, Last week, ' +
  'start of this month) or an expression: DATETIME("today"), DATEADD(DATETIME("today"), -7, day), ' +
  'DATETRUNC(DATETIME("now"), month), LASTDAY(DATETIME("now"), month). Empty leaves the side open.';

function SideInput({
  testId,
  title,
  value,
  placeholder,
  onChange,
}: {
  testId: string;
  title: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {title}{' '}
        <Tooltip title={SYNTAX_HINT}>
          <InfoCircleOutlined aria-label={SYNTAX_HINT} style={{ color: 'rgba(0,0,0,0.45)' }} />
        </Tooltip>
      </Typography.Text>
      <Input
        data-testid={testId}
        aria-label={title}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Space>
  );
}

/** The Advanced tab: each side typed in the grammar, as Superset's. */
export function AdvancedFrame({
  sides,
  onChange,
}: {
  sides: [string, string];
  onChange: (sides: [string, string]) => void;
}) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">Configure Advanced Time Range</Typography.Text>
      <SideInput
        testId="time-range-advanced-start"
        title="START (INCLUSIVE)"
        placeholder='DATEADD(DATETIME("today"), -7, day)'
        value={sides[0]}
        onChange={(since) => onChange([since, sides[1]])}
      />
      <SideInput
        testId="time-range-advanced-end"
        title="END (EXCLUSIVE)"
        placeholder="today"
        value={sides[1]}
        onChange={(until) => onChange([sides[0], until])}
      />
    </Space>
  );
}
