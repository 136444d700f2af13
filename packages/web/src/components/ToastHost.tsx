import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { Toast, ToastType } from '@tessera/shared/toasts';
import { Button, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';

export interface ToastHostProps {
  toasts: Toast[];
  onRemove: (id: string) => void;
}

type Token = ReturnType<typeof theme.useToken>['token'];

function iconFor(type: ToastType, token: Token): ReactNode {
  switch (type) {
    case 'success':
      return <CheckCircleFilled style={{ color: token.colorSuccess }} />;
    case 'warning':
      return <ExclamationCircleFilled style={{ color: token.colorWarning }} />;
    case 'danger':
      return <CloseCircleFilled style={{ color: token.colorError }} />;
    default:
      return <InfoCircleFilled style={{ color: token.colorInfo }} />;
  }
}

function accentFor(type: ToastType, token: Token): string {
  if (type === 'success') return token.colorSuccess;
  if (type === 'warning') return token.colorWarning;
  if (type === 'danger') return token.colorError;
  return token.colorInfo;
}

function ToastItem({ toast, onRemove }: { toast: Toast; onRemove: (id: string) => void }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const timer = setTimeout(() => onRemove(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onRemove]);
  return (
    <div
      role={toast.toastType === 'danger' ? 'alert' : 'status'}
      data-testid="toast"
      data-toast-type={toast.toastType}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 10,
        minWidth: 280,
        maxWidth: 420,
        padding: '12px 12px 12px 14px',
        borderRadius: token.borderRadiusLG,
        background: token.colorBgElevated,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
        borderLeft: `4px solid ${accentFor(toast.toastType, token)}`,
        pointerEvents: 'auto',
      }}
    >
      <span style={{ fontSize: 18, lineHeight: '22px' }}>{iconFor(toast.toastType, token)}</span>
      <span style={{ flex: 1, lineHeight: '22px', wordBreak: 'break-word' }}>{toast.text}</span>
      <Button
        type="text"
        size="small"
        aria-label="Close"
        icon={<CloseOutlined />}
        onClick={() => onRemove(toast.id)}
      />
    </div>
  );
}

/** Toasts stack in the bottom-right corner; each leaves after its own duration. */
export function ToastHost({ toasts, onRemove }: ToastHostProps) {
  return (
    <div
      data-testid="toast-host"
      style={{
        position: 'fixed',
        right: 20,
        bottom: 20,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 10,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onRemove={onRemove} />
      ))}
    </div>
  );
}
