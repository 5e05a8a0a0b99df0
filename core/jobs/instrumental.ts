/**
 * An instrumental: a track in which nothing was sung, so its transcript is empty. It completes like
 * any song (results.instrumental: true, timed files valid and empty); it is not a failure.
 */
export const isInstrumental = (transcript: string): boolean => transcript.trim() === '';
