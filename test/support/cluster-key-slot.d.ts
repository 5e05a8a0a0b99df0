declare module 'cluster-key-slot' {
  /** The Redis Cluster slot of a key: CRC16 of its hash tag (or of the whole key) mod 16384. */
  export default function calculateSlot(key: string): number;
}
