import { SafetyCertificateFilled, WarningFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';

export interface CertifiedIconsProps {
  certifiedBy?: string | null;
  certificationDetails?: string | null;
  warning?: string | null;
  testIdPrefix?: string;
}

/** A certification seal and a warning sign beside a name, each explained on hover. */
export function CertifiedIcons({
  certifiedBy,
  certificationDetails,
  warning,
  testIdPrefix = 'dataset',
}: CertifiedIconsProps) {
  return (
    <>
      {certifiedBy && (
        <Tooltip
          title={
            <div>
              <div>Certified by {certifiedBy}</div>
              {certificationDetails && <div style={{ opacity: 0.8 }}>{certificationDetails}</div>}
            </div>
          }
        >
          <SafetyCertificateFilled
            style={{ color: 'var(--ant-color-primary, #1d4ed8)' }}
            aria-label={`Certified by ${certifiedBy}`}
            data-testid={`${testIdPrefix}-certified`}
          />
        </Tooltip>
      )}
      {warning && (
        <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{warning}</span>}>
          <WarningFilled
            style={{ color: 'var(--ant-color-warning, #faad14)' }}
            aria-label="Warning"
            data-testid={`${testIdPrefix}-warning`}
          />
        </Tooltip>
      )}
    </>
  );
}
