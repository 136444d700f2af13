import { type GetProps, Input, theme } from 'antd';

type TextAreaProps = GetProps<typeof Input.TextArea>;

export type SqlTextAreaProps = Omit<TextAreaProps, 'onChange'> & {
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/**
 * A SQL box: monospace, no spell-check or auto-correction (they mangle identifiers), and Tab
 * indents instead of leaving the field.
 */
export function SqlTextArea({ onChange, style, ...props }: SqlTextAreaProps) {
  const { token } = theme.useToken();
  return (
    <Input.TextArea
      spellCheck={false}
      autoCorrect="off"
      autoCapitalize="off"
      {...props}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || event.shiftKey) return;
        event.preventDefault();
        const area = event.currentTarget;
        const { selectionStart, selectionEnd, value } = area;
        const next = `${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`;
        onChange(next);
        requestAnimationFrame(() => area.setSelectionRange(selectionStart + 2, selectionStart + 2));
      }}
      style={{
        fontFamily: token.fontFamilyCode,
        fontSize: 13,
        lineHeight: 1.55,
        ...style,
      }}
    />
  );
}
