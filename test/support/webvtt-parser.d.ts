/** The W3C validator's WebVTT parser (npm webvtt-parser) ships no types: the part the tests use. */
declare module 'webvtt-parser' {
  export interface WebVttCue {
    startTime: number;
    endTime: number;
    text: string;
  }
  export class WebVTTParser {
    parse(
      input: string,
      mode: 'metadata' | 'subtitles' | 'chapters',
    ): { cues: WebVttCue[]; errors: { message: string; line: number }[] };
  }
}
