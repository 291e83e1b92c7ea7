// The OpenAPI 3 document of the launch and trading API (GET /api/revshare/docs).
// Amounts: SOL and token amounts as decimal strings on the way in; lamports and base units
// as integer strings on the way out, beside SOL numbers where the spec reads numbers.

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const address = { type: 'string', description: 'base58 Solana address' } as const;
const units = { type: 'string', pattern: '^[0-9]+$', description: 'integer base units (lamports or token base units)' } as const;
const decimal = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' } as const;
const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({ type: 'object', properties, required });
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json({ $ref: '#/components/schemas/Error' }, description);
const mintParam = { name: 'mint', in: 'path', required: true, schema: address };
const walletCookie = [{ walletSession: [] }];

export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Causemint launch and trading API',
      version: '1.0.0',
      description: 'Launch a campaign token on its own Meteora DBC pool (prepare -> create: the launch transaction -> the creator signs -> complete) '
        + 'and trade it (build -> the trader signs alone -> execute); once graduated it trades on its DAMM v2 pool. '
        + 'Any other client may swap on the pools directly: the trades are read from the chain.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        walletSession: { type: 'apiKey', in: 'cookie', name: 'cm_session', description: 'Sign-In-With-Solana session (POST /api/auth/challenge, /api/auth/verify)' },
      },
      schemas: {
        Error: obj({ error: str }, ['error']),
        Photo: obj({ url: str, isMain: bool }, ['url']),
        DbcPrepareResult: obj({
          program: { ...str, enum: ['dbc'] }, request_id: str, distribution_wallet: address, distributor_wallet: address,
          amount_to_fund: { ...num, description: 'SOL: the 0.02 creation fee plus the initial buy. Rent for the pool\'s new accounts and the network fee come on top (network_cost_estimate); the wallet shows the whole cost before it signs' },
          amount_to_fund_lamports: units, creation_fee_lamports: units, initial_buy_lamports: units,
          network_cost_estimate: { ...num, description: 'SOL: at most this much rent and network fee on top of amount_to_fund (the longest name and ticker)' },
          network_cost_estimate_lamports: units,
          token_address: { ...address, description: 'the predicted mint address' }, predicted_address: address,
        }),
        SignRequest: obj({
          status: { ...str, enum: ['sign'] }, requestId: str,
          transactionBase64: { ...str, description: 'the launch transaction (pool, mint, initial buy, creation fee), signed by the mint and the pool creator: the creator\'s wallet signs it last' },
          mintAddress: address, pool: address, distributionWallet: address,
          expectedTokens: { ...units, description: 'base units the initial buy gets' }, minimumTokens: units,
          creationFeeLamports: units, initialBuyLamports: units,
          networkCostLamports: { ...units, description: 'rent for the new accounts and the signature fees, exact' },
          totalLamports: { ...units, description: 'everything the transaction takes from the creator\'s wallet' },
          expiresAt: { ...str, description: 'about when its blockhash runs out: create again after it' },
        }),
        CompleteBody: obj({ request_id: str, signedTransaction: { ...str, description: 'base64: the transaction from create, signed by the creator\'s wallet' } }),
        CreateBody: obj({
          request_id: str, name: { ...str, minLength: 3, maxLength: 30 }, ticker: { ...str, pattern: '^[A-Za-z]{3,10}$' },
          description: { ...str, maxLength: 200 }, imageUrl: str, developerWallet: { ...address, description: 'must be the signed-in wallet' },
          website: str, twitter: str, telegram: str, decimals: { ...int, enum: [9] }, taxTier: { ...int, enum: [6] },
          visible: { ...int, enum: [1] }, mode: { ...int, enum: [0] }, dev_fee_percentage: { ...int, enum: [50] }, reward_ca: str,
          initialBuy: { ...decimal, description: 'SOL, 0 or 0.001 to 2' }, bondingCurveType: { ...int, enum: [1, 2] }, ref: str,
          category: str, goal: { ...decimal, description: 'SOL, 1 to 1000 (campaignGoal accepted too)' }, donationWallet: address,
          videoUrl: str, photos: { type: 'array', maxItems: 3, items: { $ref: '#/components/schemas/Photo' } },
        }, ['request_id', 'name', 'ticker', 'description', 'imageUrl', 'developerWallet', 'goal', 'donationWallet']),
        CreateResult: obj({
          mintAddress: address, txSignature: str, bondingCurve: address, pool: address, distributionWallet: address,
          requestId: str, campaignId: int, initialBuyTokens: units,
        }),
        Campaign: { type: 'object', description: 'spec 1 section 3 campaigns fields, plus goal/campaignGoal, raised, distributionWallet, gallery and videos', additionalProperties: true },
        TokenMetadata: obj({ name: str, symbol: str, description: str, image: str, external_url: str, socials: { type: 'object' } }),
        BuildBuy: obj({ expectedTokens: units, transactionBase64: str, expiresAt: str }),
        BuildSell: obj({ expectedSOL: units, transactionBase64: str, expiresAt: str }),
        Execute: obj({ transactionSignature: str, expectedOutput: units }),
        Progress: obj({
          poolId: address, migrationThreshold: obj({ sol: num, lamports: units }),
          progress: obj({ baseReserve: units, quoteReserve: { ...str, description: 'hex' }, sqrtPrice: str }),
          percentageToMigration: num, currentSolAmount: num,
        }),
      },
    },
    paths: {
      '/api/revshare/health': { get: { summary: 'Service and chain health', responses: { 200: json(obj({ ok: bool, latency: { ...int, description: 'ms' } })) } } },
      '/api/revshare/docs': { get: { summary: 'This document', responses: { 200: json({ type: 'object' }) } } },
      '/api/revshare/prepare': {
        get: {
          summary: 'A launch request: the distributor wallet (the pool\'s fee claimer), the predicted token address and what the launch transaction pays besides rent; nothing is paid yet',
          security: walletCookie,
          parameters: [{ name: 'initialBuy', in: 'query', required: false, schema: decimal }],
          responses: {
            200: json({ $ref: '#/components/schemas/DbcPrepareResult' }),
            400: error('Invalid initial buy'), 401: error('Not signed in'), 429: error('Too many unfinished launch requests'),
          },
        },
      },
      '/api/revshare/create': {
        post: {
          summary: 'Answers the launch transaction to sign (status: sign): the pool, its mint, the initial buy and the creation fee; asked again it builds the same launch with a fresh blockhash',
          security: walletCookie,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateBody' } } } },
          responses: {
            200: json({ $ref: '#/components/schemas/SignRequest' }),
            409: error('The request is complete, its transaction was sent, or it was created with other details'),
            400: error("A field rule's message"),
            401: error('Not signed in'), 403: error('developerWallet is not the signed-in wallet'), 404: error('Unknown request_id'),
            502: error("'Failed to create token'"),
          },
        },
      },
      '/api/revshare/complete': {
        post: {
          summary: 'Relays the creator-signed launch transaction (or finds it landed), checks the pool on chain and saves the campaign. Safe to repeat: a complete request answers the same',
          security: walletCookie,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CompleteBody' } } } },
          responses: {
            200: json({ $ref: '#/components/schemas/CreateResult' }),
            400: error('Not this request\'s transaction, unsigned, expired (nothing paid: create again), or failed on chain'),
            401: error('Not signed in'), 403: error('Another wallet\'s request'), 404: error('Unknown request_id'),
            502: error("'Failed to create token'"),
          },
        },
      },
      '/api/campaigns/{tokenAddress}': {
        get: {
          summary: 'A campaign by its token address',
          parameters: [{ name: 'tokenAddress', in: 'path', required: true, schema: address }],
          responses: { 200: json({ $ref: '#/components/schemas/Campaign' }), 404: error('Campaign not found') },
        },
      },
      '/api/token-metadata/{mint}': {
        get: { summary: "The token's metadata JSON (its on-chain uri)", parameters: [mintParam], responses: { 200: json({ $ref: '#/components/schemas/TokenMetadata' }), 404: error('Token not found') } },
      },
      '/api/curve/{mint}/buy': {
        post: {
          summary: 'Build a buy: the pool\'s swap from the SDK\'s quote, for the trader to sign alone; expectedTokens after the pool\'s fee, the minimum out from slippageBps (default 500)',
          parameters: [mintParam],
          requestBody: { required: true, content: { 'application/json': { schema: obj({ wallet: address, amount: { ...decimal, description: 'SOL' }, slippageBps: int }, ['wallet', 'amount']) } } },
          responses: { 200: json({ $ref: '#/components/schemas/BuildBuy' }), 400: error('Invalid amount or wallet, or a balance too small'), 404: error('Pool not found'), 409: error('The curve is complete and graduating') },
        },
      },
      '/api/curve/{mint}/sell': {
        post: {
          summary: 'Build a sell: the pool\'s swap from the SDK\'s quote, for the trader to sign alone',
          parameters: [mintParam],
          requestBody: { required: true, content: { 'application/json': { schema: obj({ wallet: address, amount: { ...decimal, description: 'tokens' }, slippageBps: int }, ['wallet', 'amount']) } } },
          responses: { 200: json({ $ref: '#/components/schemas/BuildSell' }), 400: error('Invalid amount or wallet'), 404: error('Pool not found') },
        },
      },
      '/api/curve/{mint}/execute': {
        post: {
          summary: 'Relay a trader-signed swap and confirm it; the answer is read from the programs\' swap events',
          parameters: [mintParam],
          requestBody: { required: true, content: { 'application/json': { schema: obj({ transactionBase64: str }) } } },
          responses: { 200: json({ $ref: '#/components/schemas/Execute' }), 400: error('Not a swap on this pool, unsigned, or the wallet cannot pay'), 409: error('Quote expired, please try again (its blockhash ran out; nothing was sent)'), 502: error('Failed to execute swap') },
        },
      },
      '/api/curve/{mint}/progress': {
        get: { summary: 'Bonding-curve progress (spec 1 section 3 shape)', parameters: [mintParam], responses: { 200: json({ $ref: '#/components/schemas/Progress' }), 404: error('Pool not found') } },
      },
      '/api/curve/{mint}/quote': {
        get: {
          summary: 'A live preview (reserves nothing)',
          parameters: [mintParam, { name: 'side', in: 'query', required: true, schema: { ...str, enum: ['buy', 'sell'] } }, { name: 'amount', in: 'query', required: true, schema: decimal }],
          responses: { 200: json({ type: 'object' }), 400: error('Invalid amount'), 404: error('Pool not found') },
        },
      },
    },
  };
}
