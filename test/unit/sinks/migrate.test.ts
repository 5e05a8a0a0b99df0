import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../../sinks/cassandra/migrate.ts';

describe('splitStatements', () => {
  it('splits on semicolons and drops comments and blanks', () => {
    const cql = `-- a comment; with a semicolon\nCREATE TABLE a (x int PRIMARY KEY); -- trailing\n\nCREATE TABLE b (\n  y text PRIMARY KEY -- inline\n);\n`;
    expect(splitStatements(cql)).toEqual([
      'CREATE TABLE a (x int PRIMARY KEY)',
      'CREATE TABLE b (\n  y text PRIMARY KEY \n)',
    ]);
  });
});
