/**
 * Runs a burst of requests inside one minute window of the rate meters. The meters count in fixed
 * windows, so a burst that straddles a minute's end (and would see its count reset halfway) is run
 * again in the next one.
 */
export async function inOneMinute<T>(burst: () => Promise<T>): Promise<T> {
  for (;;) {
    const minute = Math.floor(Date.now() / 60_000);
    const result = await burst();
    if (Math.floor(Date.now() / 60_000) === minute) return result;
  }
}
