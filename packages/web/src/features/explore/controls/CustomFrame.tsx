import { Col, Radio, Row, Space, Typography } from 'antd';
import { CustomBoundInput } from './CustomBoundInput.tsx';
import type { CustomRange } from './customRange.ts';
import { DateTimeInput } from './DateTimeInput.tsx';

interface CustomFrameProps {
  range: CustomRange;
  /** What each bound resolves to now, and today's midnight: the dates a switch starts from. */
  resolved: { since: string; until: string; midnight: string };
  onChange: (range: CustomRange) => void;
}

/** The Custom tab: START and END side by side, and the anchor when both are relative. */
export function CustomFrame({ range, resolved, onChange }: CustomFrameProps) {
  const bothRelative = range.since.mode === 'relative' && range.until.mode === 'relative';
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">Configure custom time range</Typography.Text>
      <Row gutter={16}>
        <Col span={12}>
          <CustomBoundInput
            testId="time-range-start"
            title="START (INCLUSIVE)"
            hint="Start date included in time range"
            direction="before"
            bound={range.since}
            resolvedDatetime={resolved.since}
            onChange={(since) => onChange({ ...range, since })}
          />
        </Col>
        <Col span={12}>
          <CustomBoundInput
            testId="time-range-end"
            title="END (EXCLUSIVE)"
            hint="End date excluded from time range"
            direction="after"
            bound={range.until}
            resolvedDatetime={resolved.until}
            onChange={(until) => onChange({ ...range, until })}
          />
        </Col>
      </Row>
      {bothRelative && (
        <Space orientation="vertical" size={6} style={{ width: '100%' }}>
          <Typography.Text strong style={{ fontSize: 12 }}>
            Anchor to
          </Typography.Text>
          <Row gutter={16} align="middle">
            <Col span={12}>
              <Radio.Group
                data-testid="time-range-anchor"
                value={range.anchor === 'now' ? 'now' : 'specific'}
                onChange={(event) =>
                  onChange({
                    ...range,
                    anchor: event.target.value === 'now' ? 'now' : resolved.midnight,
                  })
                }
              >
                <Radio value="now">NOW</Radio>
                <Radio value="specific">Date/Time</Radio>
              </Radio.Group>
            </Col>
            {range.anchor !== 'now' && (
              <Col span={12}>
                <DateTimeInput
                  testId="time-range-anchor-date"
                  label="Anchor date"
                  value={range.anchor}
                  onChange={(anchor) => onChange({ ...range, anchor })}
                />
              </Col>
            )}
          </Row>
        </Space>
      )}
    </Space>
  );
}
