/**
 * Example resources for the API reference: real answers of this service (a short English clip),
 * shortened. test/unit/gateway/openapi.test.ts validates every one against its schema, so they
 * cannot drift from what the routes send.
 */
const JOB_ID = '2505317e-8c16-42e4-a3b6-377094f73b10';
const BATCH_ID = '7c0d8f43-5d59-4b63-9d61-0a3f1c2b9e77';
const BASE = 'https://api.verse.example';
const JOB_URL = `${BASE}/api/v1/jobs/${JOB_ID}`;

export const ids = { job: JOB_ID, batch: BATCH_ID };

export const downloads = {
  lrc_original: `${JOB_URL}/download/lrc/original`,
  lrc_transliterated: `${JOB_URL}/download/lrc/transliterated`,
  srt_original: `${JOB_URL}/download/srt/original`,
  srt_transliterated: `${JOB_URL}/download/srt/transliterated`,
  words_original: `${JOB_URL}/download/words/original`,
  words_transliterated: `${JOB_URL}/download/words/transliterated`,
};

const created = '2026-11-24T02:50:38.412Z';
const completed = '2026-11-24T02:50:51.076Z';
const studio = `${BASE}/studio/${JOB_ID}`;

export const jobAccepted = {
  job_id: JOB_ID,
  status: 'queued',
  language: 'English',
  created_at: created,
  review_required: false,
  align_requested: true,
  word_align_requested: true,
  external_id: 'rain',
};

export const job = {
  job_id: JOB_ID,
  status: 'complete',
  stage: 'done',
  language: 'English',
  align_requested: true,
  word_align_requested: true,
  romanisation: 'standard',
  created_at: created,
  completed_at: completed,
  transcript_completed_at: '2026-11-24T02:50:42.213Z',
  duration_seconds: 1.902,
  studio_url: studio,
  external_id: 'rain',
  isrc: 'USABC2400001',
  second_opinion: { match_ratio: 1, suggestions: [], model: 'whisper-tiny.en' },
  alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 },
  degraded: [],
  results: {
    transcript: 'I walk alone in the rain tonight.',
    transliteration: 'I walk alone in the rain tonight.',
    translation: 'I walk alone in the rain tonight.',
    cultural_notes: null,
    instrumental: false,
    explicit: false,
    untranslated_lines: [],
    sections: [{ label: 'verse', start: 1.2, end: 4.8, first_line: 0, last_line: 0 }],
    downloads,
  },
};

export const jobListRow = {
  job_id: JOB_ID,
  external_id: 'rain',
  isrc: 'USABC2400001',
  language: 'English',
  status: 'complete',
  stage: 'done',
  align_requested: true,
  review_required: false,
  review_url: null,
  review_approved_at: null,
  created_at: created,
  updated_at: completed,
  completed_at: completed,
  studio_url: studio,
  downloads,
  second_opinion: { match_ratio: 1, suggestion_count: 0 },
  alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 },
  degraded_count: 0,
};

export const jobList = {
  jobs: [jobListRow],
  has_more: true,
  next_cursor: 'eyJ0IjoxNzk1NDg4NjUxMDc2fQ.XYIAOirOm8dSp6uu',
};

export const batchAccepted = { batch_id: BATCH_ID, job_count: 2, status: 'queued', message: '2 jobs queued' };

export const batch = {
  batch_id: BATCH_ID,
  status: 'in_progress',
  job_count: 2,
  completed: 1,
  failed: 0,
  pending: 1,
  created_at: created,
  completed_at: null,
  jobs: [
    {
      job_id: JOB_ID,
      language: 'English',
      status: 'complete',
      stage: 'done',
      external_id: 'rain',
      align_requested: true,
      review_required: false,
      review_url: null,
      review_approved_at: null,
      completed_at: completed,
      studio_url: studio,
      downloads,
      second_opinion: { match_ratio: 1, suggestion_count: 0 },
      alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 },
    },
    {
      job_id: '0b1d6c1e-3f0a-4c55-8e4e-6f9a1d2c3b4a',
      language: 'Hindi',
      status: 'processing',
      stage: 'aligning',
      external_id: 'dil-se',
      align_requested: true,
      review_required: false,
      review_url: null,
      review_approved_at: null,
      completed_at: null,
      studio_url: `${BASE}/studio/0b1d6c1e-3f0a-4c55-8e4e-6f9a1d2c3b4a`,
      second_opinion: null,
      alignment: null,
    },
  ],
};

export const languages = {
  languages: [
    { name: 'Hindi', family: 'Indo-Aryan' },
    { name: 'Tamil', family: 'Dravidian' },
    { name: 'English', family: 'Germanic' },
  ],
  total: 48,
};

export const health = {
  status: 'ok',
  version: '0.1.0',
  components: {
    kafka: { status: 'up', latency_ms: 28 },
    cassandra: { status: 'up', latency_ms: 8 },
    redis: { status: 'up', latency_ms: 7 },
    schema_registry: { status: 'up', latency_ms: 63 },
    engine: { status: 'up', latency_ms: 41 },
  },
};

export const usage = {
  org_id: 'org_6943d9ec549745e58783',
  period: 'all_time',
  total_jobs: 5,
  completed_jobs: 5,
  total_duration_seconds: 8.924,
  jobs_by_language: { English: 4, Spanish: 1 },
  api_calls: 120,
};

export const approvalAligned = {
  job_id: JOB_ID,
  status: 'approved',
  stage: 'aligned',
  lines_edited: 1,
  transliteration_lines_edited: 1,
  alignment: 'realigned',
};

export const deadLetter = {
  id: 'f3a9c2d4-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  job_id: JOB_ID,
  event: 'job.complete',
  webhook_url: 'https://hooks.label.example/verse',
  attempts: 4,
  last_status_code: 503,
  last_error: 'the endpoint answered 503',
  created_at: '2026-11-24T03:27:01.000Z',
  resolved_at: null,
  resolved_via: null,
};

export const deliveryAttempt = {
  id: 'a7e1c0de-0000-4000-8000-000000000001',
  job_id: JOB_ID,
  event: 'job.complete',
  webhook_url: 'https://hooks.label.example/verse',
  attempt: 1,
  status_code: 200,
  success: true,
  error: null,
  delivered_at: completed,
};

/** Webhook bodies, one per event. */
export const webhookEvents = {
  'job.complete': {
    event: 'job.complete',
    job_id: JOB_ID,
    language: 'English',
    created_at: created,
    duration_seconds: 1.902,
    studio_url: studio,
    external_id: 'rain',
    isrc: 'USABC2400001',
    second_opinion: job.second_opinion,
    alignment: job.alignment,
    results: job.results,
  },
  'job.awaiting_review': {
    event: 'job.awaiting_review',
    job_id: JOB_ID,
    language: 'English',
    review_url: `${BASE}/review/${JOB_ID}?token=eyJq…`,
    expires_at: '2026-12-01T02:50:51.076Z',
    studio_url: studio,
    review_stage: 'aligned',
  },
  'job.failed': {
    event: 'job.failed',
    job_id: JOB_ID,
    language: 'English',
    external_id: 'rain',
    isrc: null,
    error: {
      stage: 'transcription',
      message: 'The audio could not be fetched from audio_url: the host answered 404',
      failed_at: completed,
    },
  },
  'job.degraded': {
    event: 'job.degraded',
    job_id: JOB_ID,
    degraded: [{ component: 'second_opinion', reason: 'the second-opinion model did not answer in time' }],
  },
  'batch.complete': {
    event: 'batch.complete',
    batch_id: BATCH_ID,
    status: 'partial',
    job_count: 2,
    completed: 1,
    failed: 1,
    jobs: [
      { job_id: JOB_ID, status: 'complete' },
      { job_id: '0b1d6c1e-3f0a-4c55-8e4e-6f9a1d2c3b4a', status: 'failed' },
    ],
  },
};
