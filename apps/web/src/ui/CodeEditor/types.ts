/** A warning about part of the text (character offsets), underlined with its message. */
export type EditorWarning = { from: number; to: number; message: string };

/** A warning placed in a spec's text, with where it is in the spec (`actions[2].exec.script`). */
export type SpecTextWarning = EditorWarning & { path: string };

/** Lines the user selected, 1-based and inclusive. */
export type LineSelection = { from: number; to: number };

export type CodeEditorProps = {
  value: string;
  onChange?: (value: string) => void;
  language?: 'yaml' | 'json' | 'text';
  readOnly?: boolean;
  /** A JSON Schema the YAML is validated against (completion and hover too). */
  jsonSchemaUrl?: string;
  /** Warnings about the text, worked out again as it changes (values pasted into scripts). */
  warnings?: (text: string) => readonly EditorWarning[];
  /** Reports the selected lines, e.g. to highlight or link them. */
  onSelectLines?: (selection: LineSelection) => void;
  /** Lines selected (and scrolled to) when the editor opens, e.g. restored from the URL. */
  initialSelection?: LineSelection;
  height?: string;
  className?: string;
  ariaLabel?: string;
};
