/**
 * `verse`: provisioning and running the platform. Every provisioning command prints one JSON object.
 *
 *   verse migrate                                     keyspace + tables, topics, schemas
 *   verse org create --name N [--plan full|transcript] [--credits N]
 *   verse org credits ORG --add N
 *   verse org limits ORG [--submit-minute N] [--submit-hour N] [--submit-day N]
 *                        [--read-minute N] [--read-hour N] [--read-day N]
 *   verse org plan ORG --set full|transcript
 *   verse key create --org ORG [--scope transcript-only]
 *   verse key revoke KEY
 *   verse user create --org ORG --email E [--password P]   a studio user (password generated if not given)
 *   verse serve [--port P]                            gateway + every processor, one process each
 *   verse gateway [--port P]                          the gateway alone
 *   verse processor NAME                              one processor (a consumer-group member)
 *   verse models list | pull NAME | verify [NAME] | path NAME     speech models (the engine's)
 *   verse transcribe FILE --language NAME [--out DIR]            one song, without the platform
 *   verse catalogue push FOLDER --language NAME | --manifest FILE.csv, verse catalogue pull
 *                                                     a customer's catalogue through the public API
 *                                                     (ops/catalogue/command.ts lists its options)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { isLimitKey } from '../core/meters.ts';
import { createOrganisation, issueKey } from '../core/provisioning.ts';
import { hashApiKey } from '../core/secrets.ts';
import { isEmail, MIN_PASSWORD_LENGTH, newSecret, normaliseEmail } from '../core/studio-users.ts';
import { isPlan, isScope } from '../core/tenancy.ts';
import { migrateCassandra } from '../sinks/cassandra/migrate.ts';
import { hashPassword } from '../sinks/crypto/passwords.ts';
import { ensureTopics, registerSchemas } from '../sinks/kafka/setup.ts';
import { CatalogueUsageError, catalogueCommand } from './catalogue/command.ts';
import { connectPlatform } from './platform.ts';
import { runGateway, runProcessor, serveAll } from './serve.ts';
import { runEngineCli, transcribeFile } from './transcribe-file.ts';

class UsageError extends Error {}

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};
const progress = (msg: string) => process.stderr.write(`${msg}\n`);

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n)) throw new UsageError(`${name} must be an integer`);
  return n;
}

async function withPlatform<T>(fn: (p: Awaited<ReturnType<typeof connectPlatform>>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const platform = await connectPlatform(config, createLogger('warn', 'verse-cli'), 'verse-cli');
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [group, action, ...rest] = argv;
  if (group === 'serve' || group === 'gateway') {
    const { values } = parseArgs({ args: argv.slice(1), options: { port: { type: 'string' } } });
    if (values.port) process.env.VERSE_PORT = String(positiveInt(values.port, '--port'));
    return group === 'serve' ? serveAll() : runGateway(loadConfig());
  }
  if (group === 'models') {
    await runEngineCli(argv, false);
    return;
  }
  // A client of the public API: it needs none of the platform's settings.
  if (group === 'catalogue') {
    process.exitCode = await catalogueCommand(argv.slice(1));
    return;
  }
  if (group === 'transcribe') {
    const { values, positionals } = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: { language: { type: 'string' }, out: { type: 'string', default: '.' } },
    });
    if (!positionals[0] || !values.language)
      throw new UsageError('usage: verse transcribe FILE --language NAME [--out DIR]');
    return print({ written: await transcribeFile(positionals[0], values.language, values.out!) });
  }
  const config = loadConfig();
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'migrate': {
      const applied = await migrateCassandra(config, progress);
      await ensureTopics(config, progress);
      const subjects = await registerSchemas(config, progress);
      return print({ keyspace: config.namespace, migrations_applied: applied, subjects: Object.keys(subjects) });
    }
    case 'org create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          plan: { type: 'string', default: 'full' },
          credits: { type: 'string', default: '100' },
        },
      });
      if (!values.name) throw new UsageError('--name is required');
      if (!isPlan(values.plan)) throw new UsageError('--plan must be full or transcript');
      const credits = positiveInt(values.credits, '--credits');
      return print(
        await withPlatform((p) =>
          createOrganisation(p.orgs, { name: values.name!, plan: values.plan as 'full', credits }),
        ),
      );
    }
    case 'org credits': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { add: { type: 'string' } },
      });
      const orgId = positionals[0];
      if (!orgId) throw new UsageError('usage: verse org credits ORG --add N');
      const n = positiveInt(values.add, '--add');
      return print(await withPlatform(async (p) => ({ org_id: orgId, credits: await p.orgs.addCredits(orgId, n) })));
    }
    case 'org limits': {
      const names = ['submit-minute', 'submit-hour', 'submit-day', 'read-minute', 'read-hour', 'read-day'] as const;
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      });
      const orgId = positionals[0];
      if (!orgId) throw new UsageError('usage: verse org limits ORG [--read-minute N] …');
      const limits: Record<string, number> = {};
      for (const n of names) {
        const v = values[n];
        if (typeof v === 'string') limits[n.replace('-', '.')] = positiveInt(v, `--${n}`);
      }
      if (!Object.keys(limits).every(isLimitKey)) throw new UsageError('unknown limit');
      return print(
        await withPlatform(async (p) => {
          if (!(await p.orgs.getOrganisation(orgId))) throw new UsageError(`no organisation ${orgId}`);
          if (Object.keys(limits).length > 0) await p.orgs.setLimits(orgId, limits);
          return { org_id: orgId, limits: (await p.orgs.getOrganisation(orgId))?.limits ?? {} };
        }),
      );
    }
    case 'org plan': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { set: { type: 'string' } },
      });
      const orgId = positionals[0];
      if (!orgId || !values.set || !isPlan(values.set))
        throw new UsageError('usage: verse org plan ORG --set full|transcript');
      const plan = values.set;
      await withPlatform((p) => p.orgs.setPlan(orgId, plan));
      return print({ org_id: orgId, plan });
    }
    case 'key create': {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: 'string' }, scope: { type: 'string', default: 'all' } },
      });
      if (!values.org) throw new UsageError('--org is required');
      if (!isScope(values.scope)) throw new UsageError('--scope must be all or transcript-only');
      const scope = values.scope;
      return print(await withPlatform((p) => issueKey(p.orgs, values.org!, scope)));
    }
    case 'key revoke': {
      const key = rest[0];
      if (!key) throw new UsageError('usage: verse key revoke KEY');
      return print(await withPlatform(async (p) => ({ revoked: await p.orgs.revokeKey(hashApiKey(key), new Date()) })));
    }
    case 'user create': {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
      });
      if (!values.org || !values.email)
        throw new UsageError('usage: verse user create --org ORG --email E [--password P]');
      const email = normaliseEmail(values.email);
      if (!isEmail(email)) throw new UsageError(`--email is not an email address: ${values.email}`);
      if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH)
        throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const password = values.password ?? newSecret(15);
      return print(
        await withPlatform(async (p) => {
          if (!(await p.orgs.getOrganisation(values.org!))) throw new UsageError(`no organisation ${values.org}`);
          const user = {
            user_id: `usr_${newSecret(9)}`,
            org_id: values.org!,
            email,
            password_hash: await hashPassword(password),
            created_at: new Date(),
          };
          if (!(await p.studioUsers.createUser(user))) throw new UsageError(`a user ${email} exists already`);
          return {
            user_id: user.user_id,
            org_id: user.org_id,
            email,
            ...(values.password === undefined ? { password } : {}),
          };
        }),
      );
    }
    case 'serve':
    case 'gateway': {
      const { values } = parseArgs({
        args: [action ?? '', ...rest].filter(Boolean),
        options: { port: { type: 'string' } },
      });
      if (values.port) process.env.VERSE_PORT = String(positiveInt(values.port, '--port'));
      return group === 'serve' ? serveAll() : runGateway(loadConfig());
    }
    case `processor ${action}`: {
      if (!action) throw new UsageError('usage: verse processor NAME');
      return runProcessor(config, action);
    }
    default:
      throw new UsageError(
        `unknown command: ${argv.join(' ') || '(none)'}. See the header of ops/cli.ts or README.md.`,
      );
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`verse: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError || error instanceof CatalogueUsageError ? 2 : 1);
});
