declare module 'rison-node' {
  const rison: {
    encode(value: unknown): string;
    decode(text: string): unknown;
    encode_object(value: Record<string, unknown>): string;
    decode_object(text: string): Record<string, unknown>;
    encode_array(value: unknown[]): string;
    decode_array(text: string): unknown[];
  };
  export default rison;
}
