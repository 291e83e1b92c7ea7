import bs58 from 'bs58';
import { Keypair, Message, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { parseInstruction, type ParsedInstruction } from '../instruction';

export const feePayer = Keypair.generate().publicKey;

/** Compiles the instructions into a wire message, reads it back, and parses each instruction as the RPC does. */
export function parseFromWire(...instructions: TransactionInstruction[]): (ParsedInstruction | null)[] {
  const tx = new Transaction({ feePayer, recentBlockhash: PublicKey.default.toBase58() }).add(...instructions);
  const message = Message.from(tx.serializeMessage());
  return message.instructions.map((ix) => parseInstruction(
    message.accountKeys[ix.programIdIndex].toBase58(),
    ix.accounts.map((i) => message.accountKeys[i].toBase58()),
    bs58.decode(ix.data),
  ));
}

/** The `parsed` body of a single instruction. */
export function parsedBody(instruction: TransactionInstruction): unknown {
  const [result] = parseFromWire(instruction);
  return result?.parsed ?? null;
}

export const key = () => Keypair.generate().publicKey;
