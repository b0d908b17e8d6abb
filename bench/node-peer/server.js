'use strict';
// The create and status routes of lodestoned as a Node.js service would commonly write them:
// Fastify with JSON-schema validation and compiled response serialisation, better-sqlite3 in WAL
// mode, an API key (Bearer, stored as its SHA-256) looked up in a table on every request. Neither
// credits, idempotency, rate limits nor a job engine: jobs stay queued. One process, 127.0.0.1
// only. Started by bench/http-compare.sh --peer node; see bench/README.md ("Node.js peer").
//
//   node server.js seed --db FILE --key KEY     creates the schema, an organisation, a project and
//                                               the key; prints {"projectId": "..."}
//   node server.js --db FILE [--port N] [--synchronous normal|full] [--public-url URL]
//                                               serves; the port also from PORT (0: any free one)

const crypto = require('node:crypto');
const Database = require('better-sqlite3');
const Fastify = require('fastify');

const MAX_RETRIES = 3;
const PHASES = [
  ['Lead generation initiated', 'Lead record created and queued for processing'],
  ['Research agent started', 'Research agent execution and data gathering'],
  ['Data analysis completed', 'Research data processed and analyzed'],
  ['Content generation started', 'AI generating personalized lead magnet content'],
  ['Finalizing lead magnet', 'Saving content and preparing final lead magnet'],
];
// Per status: currentStep, progress, statusDisplay, phaseDescription, the phases' statuses.
const VIEWS = {
  queued: [null, 0, '⏳ Queued', 'Preparing to start generation', 'cpppp'],
  research_running: ['Research agent', 5, '🔍 Researching',
    'Researching the prospect and their company', 'cuppp'],
  content_running: ['Content generation', 40, '✍️ Generating content',
    'Generating personalized content', 'cccup'],
  finalizing: ['Finalization', 90, '📦 Finalizing', 'Saving content and preparing the lead magnet',
    'ccccu'],
  completed: ['Completed', 100, '✅ Completed', 'Lead magnet is ready', 'ccccc'],
  failed: [null, 0, '❌ Failed', 'Generation failed', 'cffff'],
};
const PHASE_STATUS = { c: 'completed', u: 'current', p: 'pending', f: 'failed' };

function options(argv) {
  const out = { port: process.env.PORT || '0', synchronous: 'normal' };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    if (name === 'seed') { out.seed = true; continue; }
    const key = { '--db': 'db', '--port': 'port', '--synchronous': 'synchronous',
      '--public-url': 'publicUrl', '--key': 'key' }[name];
    if (!key || i + 1 >= argv.length) throw new Error(`unknown or incomplete argument: ${name}`);
    out[key] = argv[++i];
  }
  if (!out.db) throw new Error('--db FILE is required');
  if (!['normal', 'full'].includes(out.synchronous)) {
    throw new Error('--synchronous: normal or full');
  }
  if (!/^\d+$/.test(out.port) || Number(out.port) > 65535) throw new Error('--port: 0 to 65535');
  return out;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
// Random bytes are drawn 4 KiB at a time (as crypto.randomUUID does) rather than once per id,
// which cost a few percent of a create's CPU.
let pool = Buffer.alloc(0);
let next = 0;
function randomByte() {
  if (next === pool.length) {
    pool = crypto.randomBytes(4096);
    next = 0;
  }
  return pool[next++];
}
function newId(prefix, length = 24) {
  let id = prefix;
  while (id.length < prefix.length + length) {
    const byte = randomByte();
    // 252 is the largest multiple of 36 below 256: bytes from it up are skipped so that every
    // character is equally likely.
    if (byte < 252) id += ALPHABET[byte % 36];
  }
  return id;
}

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');

function openDatabase(file, synchronous) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS organisations (id TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY,
      organisation_id TEXT NOT NULL REFERENCES organisations(id), name TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS api_keys (key_hash TEXT PRIMARY KEY,
      organisation_id TEXT NOT NULL REFERENCES organisations(id), name TEXT NOT NULL,
      revoked_at INTEGER, expires_at INTEGER);
    CREATE TABLE IF NOT EXISTS leads (id TEXT PRIMARY KEY,
      organisation_id TEXT NOT NULL REFERENCES organisations(id),
      project_id TEXT NOT NULL REFERENCES projects(id), email TEXT NOT NULL,
      fields_json TEXT NOT NULL, lead_magnet_url TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY,
      lead_id TEXT NOT NULL UNIQUE REFERENCES leads(id),
      organisation_id TEXT NOT NULL REFERENCES organisations(id),
      project_id TEXT NOT NULL REFERENCES projects(id), status TEXT NOT NULL,
      retry_count INTEGER NOT NULL DEFAULT 0, max_retries INTEGER NOT NULL, error TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS leads_by_project ON leads (project_id, created_at);`);
  return db;
}

function seed(opts) {
  if (!opts.key) throw new Error('seed needs --key KEY');
  const db = openDatabase(opts.db, opts.synchronous);
  const organisation = newId('org_');
  const project = newId('', 32);
  db.transaction(() => {
    db.prepare('INSERT INTO organisations (id, name) VALUES (?, ?)').run(organisation, 'Bench');
    db.prepare('INSERT INTO projects (id, organisation_id, name) VALUES (?, ?, ?)')
      .run(project, organisation, 'Status');
    db.prepare('INSERT INTO api_keys (key_hash, organisation_id, name) VALUES (?, ?, ?)')
      .run(sha256(opts.key), organisation, 'bench');
  })();
  db.close();
  process.stdout.write(JSON.stringify({ projectId: project }) + '\n');
}

const text = { type: 'string', maxLength: 2000 };
const createBody = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    fullName: text, company: text,
    domain: { type: 'string', format: 'hostname', maxLength: 253 },
    industry: text, companySize: text, title: text, phone: text,
    customFields: { anyOf: [{ type: 'object' }, { type: 'string', maxLength: 32768 }] },
  },
};
const createAnswer = {
  type: 'object',
  properties: {
    success: { type: 'boolean' }, leadId: { type: 'string' }, leadMagnetUrl: { type: 'string' },
    jobId: { type: 'string' }, status: { type: 'string' }, message: { type: 'string' },
  },
};
const nullable = (type) => ({ type: [type, 'null'] });
const statusAnswer = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    job: {
      type: 'object',
      properties: {
        id: { type: 'string' }, leadId: { type: 'string' }, leadMagnetUrl: { type: 'string' },
        projectId: { type: 'string' }, status: { type: 'string' },
        currentStep: nullable('string'), progressPercentage: { type: 'integer' },
        estimatedTimeRemaining: nullable('integer'), processingTime: { type: 'integer' },
        createdAt: { type: 'integer' }, updatedAt: { type: 'integer' }, error: nullable('string'),
        retryCount: { type: 'integer' }, maxRetries: { type: 'integer' },
        steps: { type: 'array', items: { type: 'object', additionalProperties: true } },
        statusDisplay: { type: 'string' }, phaseDescription: { type: 'string' },
        isStuck: { type: 'boolean' }, canRetry: { type: 'boolean' },
        executionPhases: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, status: { type: 'string' },
              description: { type: 'string' } },
          },
        },
      },
    },
  },
};

function jobView(row, now) {
  const [currentStep, progress, statusDisplay, phaseDescription, phases] =
    VIEWS[row.status] || VIEWS.queued;
  const finished = row.status === 'completed' || row.status === 'failed';
  return {
    id: row.id, leadId: row.lead_id, leadMagnetUrl: row.lead_magnet_url,
    projectId: row.project_id, status: row.status, currentStep, progressPercentage: progress,
    estimatedTimeRemaining: row.status === 'completed' ? 0 : null,
    processingTime: Math.floor(((finished ? row.updated_at : now) - row.created_at) / 1000),
    createdAt: row.created_at, updatedAt: row.updated_at, error: row.error,
    retryCount: row.retry_count, maxRetries: row.max_retries,
    steps: [], statusDisplay, phaseDescription, isStuck: false, canRetry: row.status === 'failed',
    executionPhases: PHASES.map(([name, description], i) =>
      ({ name, status: PHASE_STATUS[phases[i]], description })),
  };
}

class HttpError extends Error {
  constructor(statusCode, message, extra = {}) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

// Missing and invalid fields as lodestoned names them, from Ajv's errors.
function validationError(errors) {
  const missing = [];
  const invalid = [];
  for (const e of errors) {
    if (e.keyword === 'required') missing.push(e.params.missingProperty);
    else {
      const field = e.instancePath.split('/')[1];
      if (!field) return new HttpError(400, 'The body must be a JSON object');
      if (!invalid.includes(field)) invalid.push(field);
    }
  }
  let message = missing.length ? `Missing required fields: ${missing.join(', ')}` : '';
  if (invalid.length) {
    message += (message ? '; invalid fields: ' : 'Invalid fields: ') + invalid.join(', ');
  }
  const fields = { missingFields: missing };
  if (invalid.length) fields.invalidFields = invalid;
  return new HttpError(400, message, fields);
}

function serve(opts) {
  const db = openDatabase(opts.db, opts.synchronous);
  const findKey = db.prepare(
    'SELECT organisation_id, revoked_at, expires_at FROM api_keys WHERE key_hash = ?');
  const findProject = db.prepare('SELECT organisation_id FROM projects WHERE id = ?');
  const insertLead = db.prepare('INSERT INTO leads (id, organisation_id, project_id, email, ' +
    'fields_json, lead_magnet_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertJob = db.prepare('INSERT INTO jobs (id, lead_id, organisation_id, project_id, ' +
    'status, max_retries, created_at, updated_at) VALUES (?, ?, ?, ?, \'queued\', ?, ?, ?)');
  const findJob = db.prepare('SELECT j.*, l.lead_magnet_url FROM jobs j ' +
    'JOIN leads l ON l.id = j.lead_id WHERE j.id = ?');
  const create = db.transaction((lead, job, organisation, project, email, fields, url, now) => {
    insertLead.run(lead, organisation, project, email, fields, url, now);
    insertJob.run(job, lead, organisation, project, MAX_RETRIES, now, now);
  });

  const app = Fastify();
  let publicUrl = opts.publicUrl;

  app.setErrorHandler((error, request, reply) => {
    if (error.validation) error = validationError(error.validation);
    const status = error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="lodestone"');
    reply.code(status).send({ error: status === 500 ? 'Internal server error' : error.message,
      ...error.extra });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: 'Not found' }));

  // Each route authenticates itself (rather than a global hook) so that an unknown path is a 404
  // before the key is looked at, as in lodestoned.
  app.decorateRequest('organisation', null);
  const authenticate = async (request) => {
    const header = request.headers.authorization;
    if (!header) {
      throw new HttpError(401,
        "Missing Authorization header; send 'Authorization: Bearer <API key>'");
    }
    const match = /^bearer +(\S+)$/i.exec(header);
    if (!match) {
      throw new HttpError(401, "Malformed Authorization header; expected 'Bearer <API key>'");
    }
    const key = findKey.get(sha256(match[1]));
    if (!key) throw new HttpError(401, 'Invalid API key');
    if (key.revoked_at !== null) throw new HttpError(401, 'API key has been revoked');
    if (key.expires_at !== null && key.expires_at <= Date.now()) {
      throw new HttpError(401, 'API key has expired');
    }
    request.organisation = key.organisation_id;
  };

  app.post('/api/projects/:projectId/generate',
    { onRequest: authenticate, schema: { body: createBody, response: { 200: createAnswer } } },
    async (request) => {
      const project = findProject.get(request.params.projectId);
      if (!project || project.organisation_id !== request.organisation) {
        throw new HttpError(403, 'API key has no access to this project');
      }
      const body = request.body;
      const fields = {};
      for (const name of Object.keys(createBody.properties)) {
        let value = body[name];
        // Free text is trimmed; addresses are stored as sent, as lodestoned does.
        if (typeof value === 'string' && name !== 'email' && name !== 'domain') {
          value = value.trim();
        }
        if (value !== undefined && value !== null && value !== '') fields[name] = value;
      }
      if (fields.domain) fields.domain = fields.domain.toLowerCase();
      const lead = newId('lead_');
      const job = newId('job_');
      const url = `${publicUrl}/m/${lead}`;
      create(lead, job, request.organisation, request.params.projectId, body.email,
        JSON.stringify(fields), url, Date.now());
      return { success: true, leadId: lead, leadMagnetUrl: url, jobId: job, status: 'queued',
        message: 'Lead magnet generation started; poll the status endpoint for progress' };
    });

  app.get('/api/generation/:jobId/status',
    { onRequest: authenticate, schema: { response: { 200: statusAnswer } } }, async (request) => {
      const row = findJob.get(request.params.jobId);
      if (!row || row.organisation_id !== request.organisation) {
        throw new HttpError(404, 'Job not found');
      }
      return { success: true, job: jobView(row, Date.now()) };
    });

  const stop = () => app.close().then(() => { db.close(); process.exit(0); });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  app.listen({ host: '127.0.0.1', port: Number(opts.port) }).then(() => {
    const port = app.server.address().port;
    publicUrl = publicUrl || `http://127.0.0.1:${port}`;
    process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
  }, (error) => {
    process.stderr.write(`cannot listen: ${error.message}\n`);
    process.exit(1);
  });
}

try {
  const opts = options(process.argv.slice(2));
  if (opts.seed) seed(opts);
  else serve(opts);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
