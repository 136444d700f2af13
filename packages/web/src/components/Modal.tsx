import { MODAL_DEFAULT_WIDTH } from '@tessera/shared/toasts';
import { Modal as AntModal, type ModalProps } from 'antd';

export type AppModalProps = ModalProps & {
  /** Put on the dialog panel itself (antd's root element has no size, so it never looks visible). */
  'data-testid'?: string;
};

/** Every dialog of the app: 600px wide unless a caller says otherwise (the spec's default). */
export function Modal({
  width = MODAL_DEFAULT_WIDTH,
  'data-testid': testId,
  modalRender,
  ...props
}: AppModalProps) {
  return (
    <AntModal
      width={width}
      destroyOnHidden
      maskClosable={false}
      modalRender={(node) => {
        const inner = modalRender ? modalRender(node) : node;
        return testId ? (
          <div data-testid={testId} role="presentation">
            {inner}
          </div>
        ) : (
          inner
        );
      }}
      {...props}
    />
  );
}
