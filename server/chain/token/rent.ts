export { rentExemptLamports } from '../../../core/rent';
