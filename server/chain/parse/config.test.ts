import { describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { parseAccountData } from './account';
import { STAKE_CONFIG, VALIDATOR_INFO } from './config';
import { CONFIG_PROGRAM } from './programs';

// agave parse_config.rs over ConfigKeys (short_vec of key and signer flag) and bincode data.
const identity = bs58.encode(Buffer.alloc(32, 7));
const key = (pubkey: string, signer: boolean) => Buffer.concat([Buffer.from(bs58.decode(pubkey)), Buffer.from([signer ? 1 : 0])]);
const bincodeString = (text: string) => {
  const body = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(body.length));
  return Buffer.concat([length, body]);
};
const validatorInfo = (text: string) => Buffer.concat([Buffer.from([2]), key(VALIDATOR_INFO, false), key(identity, true), bincodeString(text)]);
const parse = (data: Buffer, address = identity) => parseAccountData(CONFIG_PROGRAM, data, undefined, address);

describe('Config-program accounts', () => {
  it('parses the stake config by its address, keys or not, trailing bytes ignored', () => {
    const config = Buffer.alloc(9);
    config.writeDoubleLE(0.25, 0);
    config.writeUInt8(12, 8);
    const info = { warmupCooldownRate: 0.25, slashPenalty: 12 };
    expect(parse(Buffer.concat([Buffer.from([0]), config]), STAKE_CONFIG))
      .toEqual({ program: 'config', space: 10, parsed: { type: 'stakeConfig', info } });
    expect(parse(Buffer.concat([Buffer.from([1]), key(identity, true), config, Buffer.from([1, 2])]), STAKE_CONFIG)?.parsed)
      .toEqual({ type: 'stakeConfig', info });
    // The same bytes at another address are neither kind.
    expect(parse(Buffer.concat([Buffer.from([0]), config]))).toBeNull();
    expect(parse(Buffer.from([0, 1, 2]), STAKE_CONFIG)).toBeNull();
  });

  it('parses validator info: its keys and the JSON it holds, whatever JSON value it is', () => {
    expect(parse(validatorInfo('{"name":"Solana","keybaseUsername":"x"}'))).toEqual({
      program: 'config', space: validatorInfo('{"name":"Solana","keybaseUsername":"x"}').length,
      parsed: {
        type: 'validatorInfo',
        info: { keys: [{ pubkey: VALIDATOR_INFO, signer: false }, { pubkey: identity, signer: true }], configData: { name: 'Solana', keybaseUsername: 'x' } },
      },
    });
    expect((parse(validatorInfo(' [1, "two", null] ')) as { parsed: { info: { configData: unknown } } }).parsed.info.configData).toEqual([1, 'two', null]);
  });

  it('leaves to base64 what serde_json or bincode refuse', () => {
    expect(parse(validatorInfo('not json'))).toBeNull();
    expect(parse(validatorInfo('{"a":1e400}'))).toBeNull(); // beyond f64
    expect(parse(validatorInfo('{"a":"\\ud800"}'))).toBeNull(); // lone surrogate
    expect(parse(validatorInfo(`${'['.repeat(128)}${']'.repeat(128)}`))).toBeNull(); // past the recursion limit
    expect(parse(validatorInfo(`${'['.repeat(127)}${']'.repeat(127)}`))).not.toBeNull();
    expect(parse(validatorInfo('{"a":"\\ud83d\\ude00"}'))).not.toBeNull(); // a surrogate pair is one character
    // Not validator info: no keys, another first key, a bad signer flag, a short_vec alias.
    expect(parse(Buffer.concat([Buffer.from([0]), bincodeString('{}')]))).toBeNull();
    expect(parse(Buffer.concat([Buffer.from([1]), key(identity, false), bincodeString('{}')]))).toBeNull();
    const badFlag = validatorInfo('{}');
    badFlag[33] = 2;
    expect(parse(badFlag)).toBeNull();
    expect(parse(Buffer.concat([Buffer.from([0x82, 0x00]), validatorInfo('{}').subarray(1)]))).toBeNull();
    // The string runs past the data.
    expect(parse(validatorInfo('{}').subarray(0, -1))).toBeNull();
  });
});
