/**
 * `verse`: provisioning and running the platform, and the catalogue client. Every provisioning
 * command prints one JSON object. `verse --help`, `verse help COMMAND` and `verse COMMAND --help`
 * list each command's options, defaults and an example; a mistyped command is answered with the
 * nearest one. Exit status: 0 on success (and for help), 1 on failure, 2 for a usage error.
 */
import { Command, CommanderError, Option } from 'commander';
import { loadConfig } from '../core/config.ts';
import { ROMANISATION_FORMS, type RomanisationForm } from '../core/jobs/submission.ts';
import { createLogger } from '../core/logger.ts';
import { DEFAULT_LIMITS, LIMIT_KEYS, type MeterName, type WindowName } from '../core/meters.ts';
import { createOrganisation, issueKey } from '../core/provisioning.ts';
import { hashApiKey } from '../core/secrets.ts';
import { isEmail, MIN_PASSWORD_LENGTH, newSecret, normaliseEmail } from '../core/studio-users.ts';
import { isPlan, isScope, PLANS, SCOPES } from '../core/tenancy.ts';
import { CatalogueUsageError, defineCatalogueCommand } from './catalogue/command.ts';

class UsageError extends Error {}

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};
const progress = (msg: string) => process.stderr.write(`${msg}\n`);

function integer(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`${name} must be an integer`);
  return n;
}

function position(value: string): { partition: number; offset: string } {
  const match = /^(\d+):(\d+)$/.exec(value);
  if (!match) throw new UsageError('--at must be partition:offset, e.g. 3:17');
  return { partition: Number(match[1]), offset: match[2]! };
}

// The platform's modules (drivers, servers) are loaded by the commands that use them, so that help
// and usage errors answer at once.
type Platform = Awaited<ReturnType<typeof import('./platform.ts').connectPlatform>>;

async function withPlatform<T>(fn: (p: Platform) => Promise<T>): Promise<T> {
  const { connectPlatform } = await import('./platform.ts');
  const config = loadConfig();
  const platform = await connectPlatform(config, createLogger('warn', 'verse-cli'), 'verse-cli');
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}

const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

const romanisationOption = (flags: string, description: string) =>
  new Option(flags, description).choices(ROMANISATION_FORMS);

function portOption(): Option {
  return new Option('--port <port>', 'the HTTP port (default: VERSE_PORT, else 8000)');
}

function setPort(port: string | undefined): void {
  if (port !== undefined) process.env.VERSE_PORT = String(integer(port, '--port'));
}

export function buildProgram(): Command {
  const program = new Command('verse')
    .description('Verse: lyrics transcription and alignment. Provisions and runs the platform; drives a catalogue.')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `${example('verse org create --name "Acme Records" --credits 100', 'verse help org', 'verse catalogue push --help')}`,
    )
    .exitOverride();

  program
    .command('migrate')
    .description('create or update the Cassandra keyspace and tables, the Kafka topics and the topic schemas')
    .addHelpText('after', example('verse migrate'))
    .action(async () => {
      const { migrateCassandra } = await import('../sinks/cassandra/migrate.ts');
      const { ensureTopics, registerSchemas } = await import('../sinks/kafka/setup.ts');
      const config = loadConfig();
      const applied = await migrateCassandra(config, progress);
      await ensureTopics(config, progress);
      const subjects = await registerSchemas(config, progress);
      print({ keyspace: config.namespace, migrations_applied: applied, subjects: Object.keys(subjects) });
    });

  const org = program.command('org').description('organisations: create, credits, limits, plan, romanisation');
  org
    .command('create')
    .description('an organisation and its first API key (shown once)')
    .requiredOption('--name <name>', 'the organisation name')
    .addOption(new Option('--plan <plan>', 'the plan').choices(PLANS).default('full'))
    .option('--credits <n>', 'starting credits (one per job)', '100')
    .addOption(
      romanisationOption('--romanisation <form>', "its jobs' romanisation when they choose none").default('standard'),
    )
    .addHelpText('after', example('verse org create --name "Acme Records" --plan full --credits 100'))
    .action(async (o: { name: string; plan: string; credits: string; romanisation: RomanisationForm }) => {
      const credits = integer(o.credits, '--credits');
      if (!isPlan(o.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
      const plan = o.plan;
      const created = await withPlatform((p) =>
        createOrganisation(p.orgs, { name: o.name, plan, credits, romanisation: o.romanisation }),
      );
      print({ ...created, romanisation: o.romanisation });
    });
  org
    .command('credits')
    .description('add credits to an organisation (a negative N removes them)')
    .argument('<org>', 'the organisation id (org_…)')
    .requiredOption('--add <n>', 'credits to add, or with a minus sign to remove')
    .addHelpText('after', example('verse org credits org_abc123 --add 50', 'verse org credits org_abc123 --add -5'))
    .action(async (orgId: string, o: { add: string }) => {
      const n = integer(o.add, '--add');
      print(await withPlatform(async (p) => ({ org_id: orgId, credits: await p.orgs.addCredits(orgId, n) })));
    });
  const limits = org
    .command('limits')
    .description("set an organisation's meter limits; prints every override it has")
    .argument('<org>', 'the organisation id (org_…)')
    .addHelpText('after', example('verse org limits org_abc123 --read-minute 500 --submit-day 5000'));
  // One option per meter window, e.g. --read-minute (commander names it readMinute).
  const optionOf = (key: string) => {
    const [meter, window] = key.split('.') as [MeterName, WindowName];
    const camel = `${meter}${window[0]!.toUpperCase()}${window.slice(1)}`;
    return { flag: `--${meter}-${window}`, camel, fallback: DEFAULT_LIMITS[meter][window], meter, window };
  };
  for (const key of LIMIT_KEYS) {
    const { flag, fallback, meter, window } = optionOf(key);
    limits.option(`${flag} <n>`, `the ${meter} meter's limit per ${window} (default limit: ${fallback})`);
  }
  limits.action(async (orgId: string, o: Record<string, string | undefined>) => {
    const set: Record<string, number> = {};
    for (const key of LIMIT_KEYS) {
      const { flag, camel } = optionOf(key);
      const value = o[camel];
      if (value !== undefined) set[key] = integer(value, flag);
    }
    print(
      await withPlatform(async (p) => {
        if (!(await p.orgs.getOrganisation(orgId))) throw new UsageError(`no organisation ${orgId}`);
        if (Object.keys(set).length > 0) await p.orgs.setLimits(orgId, set);
        return { org_id: orgId, limits: (await p.orgs.getOrganisation(orgId))?.limits ?? {} };
      }),
    );
  });
  org
    .command('plan')
    .description("change an organisation's plan")
    .argument('<org>', 'the organisation id (org_…)')
    .addOption(new Option('--set <plan>', 'the new plan').choices(PLANS).makeOptionMandatory())
    .addHelpText('after', example('verse org plan org_abc123 --set transcript'))
    .action(async (orgId: string, o: { set: string }) => {
      if (!isPlan(o.set)) throw new UsageError(`--set must be one of ${PLANS.join(', ')}`);
      const plan = o.set;
      await withPlatform((p) => p.orgs.setPlan(orgId, plan));
      print({ org_id: orgId, plan });
    });

  org
    .command('romanisation')
    .description("set the romanisation of an organisation's jobs that choose none (standard or readable)")
    .argument('<org>', 'the organisation id (org_…)')
    .addOption(romanisationOption('--set <form>', 'the default form').makeOptionMandatory())
    .addHelpText('after', example('verse org romanisation org_abc123 --set readable'))
    .action(async (orgId: string, o: { set: RomanisationForm }) => {
      await withPlatform(async (p) => {
        if (!(await p.orgs.getOrganisation(orgId))) throw new UsageError(`no organisation ${orgId}`);
        await p.orgs.setRomanisation(orgId, o.set);
      });
      print({ org_id: orgId, romanisation: o.set });
    });

  const key = program.command('key').description('API keys: create, revoke');
  key
    .command('create')
    .description('another API key for an organisation, with its own webhook_secret (both shown once)')
    .requiredOption('--org <org>', 'the organisation id (org_…)')
    .addOption(new Option('--scope <scope>', 'what the key may do').choices(SCOPES).default('all'))
    .addHelpText('after', example('verse key create --org org_abc123 --scope transcript-only'))
    .action(async (o: { org: string; scope: string }) => {
      if (!isScope(o.scope)) throw new UsageError(`--scope must be one of ${SCOPES.join(', ')}`);
      const scope = o.scope;
      print(await withPlatform((p) => issueKey(p.orgs, o.org, scope)));
    });
  key
    .command('revoke')
    .description('revoke an API key: it stops working at once')
    .argument('<key>', 'the API key (svc_sk_live_…)')
    .addHelpText('after', example('verse key revoke svc_sk_live_…'))
    .action(async (apiKey: string) => {
      print(await withPlatform(async (p) => ({ revoked: await p.orgs.revokeKey(hashApiKey(apiKey), new Date()) })));
    });

  program
    .command('user')
    .description('studio users')
    .command('create')
    .description('a studio user; a generated password is printed once (stored as a bcrypt hash)')
    .requiredOption('--org <org>', 'the organisation id (org_…)')
    .requiredOption('--email <email>', 'the sign-in email address')
    .option('--password <password>', `at least ${MIN_PASSWORD_LENGTH} characters (default: generated and printed)`)
    .addHelpText('after', example('verse user create --org org_abc123 --email editor@example.com'))
    .action(async (o: { org: string; email: string; password?: string }) => {
      const email = normaliseEmail(o.email);
      if (!isEmail(email)) throw new UsageError(`--email is not an email address: ${o.email}`);
      if (o.password !== undefined && o.password.length < MIN_PASSWORD_LENGTH)
        throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const password = o.password ?? newSecret(15);
      const { hashPassword } = await import('../sinks/crypto/passwords.ts');
      print(
        await withPlatform(async (p) => {
          if (!(await p.orgs.getOrganisation(o.org))) throw new UsageError(`no organisation ${o.org}`);
          const user = {
            user_id: `usr_${newSecret(9)}`,
            org_id: o.org,
            email,
            password_hash: await hashPassword(password),
            created_at: new Date(),
          };
          if (!(await p.studioUsers.createUser(user))) throw new UsageError(`a user ${email} exists already`);
          return {
            user_id: user.user_id,
            org_id: user.org_id,
            email,
            ...(o.password === undefined ? { password } : {}),
          };
        }),
      );
    });

  program
    .command('serve')
    .description('the gateway and every processor, one supervised process each')
    .addOption(portOption())
    .addHelpText('after', example('verse serve --port 8000'))
    .action(async (o: { port?: string }) => {
      setPort(o.port);
      await (await import('./serve.ts')).serveAll();
    });
  program
    .command('gateway')
    .description('the gateway alone (scale it separately from the processors)')
    .addOption(portOption())
    .addHelpText('after', example('verse gateway --port 8001'))
    .action(async (o: { port?: string }) => {
      setPort(o.port);
      await (await import('./serve.ts')).runGateway(loadConfig());
    });
  program
    .command('processor')
    .description('one processor: a member of its consumer group')
    .argument('<name>', 'transcription, alignment, review-timer, webhook or sweeper')
    .addHelpText('after', example('verse processor transcription'))
    .action(async (name: string) => {
      await (await import('./serve.ts')).runProcessor(loadConfig(), name);
    });

  const deadLetters = program
    .command('dead-letters')
    .description('messages a processor set aside on the Kafka dead-letter topic: list them, re-drive them');
  deadLetters
    .command('list')
    .description('every dead letter, one JSON object per line, with whether it has been replayed')
    .addHelpText('after', example('verse dead-letters list'))
    .action(async () => {
      const { listDeadLetters } = await import('../sinks/kafka/dead-letters.ts');
      await withPlatform(async (p) => {
        for (const parked of await listDeadLetters(p.kafka, p.registry, p.config)) print(parked);
      });
    });
  deadLetters
    .command('replay')
    .description('publish again, to the topic each came from, every dead letter not yet replayed (or one)')
    .option('--at <partition:offset>', 'only the dead letter at this position of the dead-letter topic')
    .addHelpText('after', example('verse dead-letters replay', 'verse dead-letters replay --at 3:17'))
    .action(async (o: { at?: string }) => {
      const only = o.at === undefined ? undefined : position(o.at);
      const { replayDeadLetters } = await import('../sinks/kafka/dead-letters.ts');
      print(await withPlatform((p) => replayDeadLetters(p.kafka, p.registry, p.config, only)));
    });

  const models = program.command('models').description("the speech engine's models");
  const engine = async (args: string[]) => {
    await (await import('./transcribe-file.ts')).runEngineCli(['models', ...args], false);
  };
  models
    .command('list')
    .description('the models the engine knows, and which are present')
    .action(() => engine(['list']));
  models
    .command('pull')
    .description('download a model and check its pinned checksum')
    .argument('<name>', 'the model name (see verse models list)')
    .addHelpText('after', example('verse models pull base'))
    .action((name: string) => engine(['pull', name]));
  models
    .command('verify')
    .description("check present models' checksums")
    .argument('[name]', 'one model (default: every present one)')
    .action((name?: string) => engine(['verify', ...(name ? [name] : [])]));
  models
    .command('path')
    .description("print a model's folder")
    .argument('<name>', 'the model name')
    .action((name: string) => engine(['path', name]));

  program
    .command('transcribe')
    .description('one song through the engine alone, without the platform: LRC, SRT and word files')
    .argument('<file>', 'the audio file')
    .requiredOption('--language <name>', 'the language, as GET /languages names it')
    .option('--out <dir>', 'where the files go', '.')
    .addHelpText('after', example('verse transcribe song.mp3 --language Hindi --out lyrics'))
    .action(async (file: string, o: { language: string; out: string }) => {
      const { transcribeFile } = await import('./transcribe-file.ts');
      print({ written: await transcribeFile(file, o.language, o.out) });
    });

  defineCatalogueCommand(program.command('catalogue'), (run) => {
    process.exitCode = run;
  });
  return program;
}

async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    // Help and version answers exit 0; every other parse failure is a usage error, already printed.
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    throw error;
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`verse: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError || error instanceof CatalogueUsageError ? 2 : 1);
});
