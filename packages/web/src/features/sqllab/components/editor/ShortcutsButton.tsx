import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip, Typography } from 'antd';

export const MOD_KEY =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** Every keyboard shortcut of SQL Lab, as the editor and the tab strip bind them. */
export const SQLLAB_SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: `${MOD_KEY}+Enter`, action: 'Run the query (or the selected text)' },
  { keys: 'Ctrl+Shift+F', action: 'Format the SQL' },
  { keys: 'Ctrl+]', action: 'Next tab' },
  { keys: 'Ctrl+[', action: 'Previous tab' },
  { keys: 'Ctrl+Space', action: 'Show completions' },
  { keys: 'Escape', action: 'Close the completions' },
  { keys: `${MOD_KEY}+F`, action: 'Find in the editor' },
  { keys: `${MOD_KEY}+Z / ${MOD_KEY}+Shift+Z`, action: 'Undo / redo' },
];

/** The toolbar's "?" with the list of keyboard shortcuts. */
export function ShortcutsButton() {
  const list = (
    <table data-testid="sqllab-shortcuts-list" style={{ borderSpacing: '12px 4px' }}>
      <tbody>
        {SQLLAB_SHORTCUTS.map(({ keys, action }) => (
          <tr key={keys}>
            <td>
              <Typography.Text keyboard>{keys}</Typography.Text>
            </td>
            <td>{action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Popover content={list} title="Keyboard shortcuts" trigger="click" placement="bottomRight">
      <Tooltip title="Keyboard shortcuts">
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          aria-label="Keyboard shortcuts"
          data-testid="sqllab-shortcuts"
        />
      </Tooltip>
    </Popover>
  );
}
