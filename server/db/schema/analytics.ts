import { sql } from 'drizzle-orm';
import { bigint, date, numeric, pgView, text } from 'drizzle-orm/pg-core';

// Read-only views over user_sessions (spec 2 section 3, 'Analytics summary' and friends).

export const userAnalyticsSummary = pgView('user_analytics_summary', {
  totalUniqueUsers: bigint('total_unique_users', { mode: 'number' }).notNull(),
  users24h: bigint('users_24h', { mode: 'number' }).notNull(),
  newUsers24h: bigint('new_users_24h', { mode: 'number' }).notNull(),
  users7d: bigint('users_7d', { mode: 'number' }).notNull(),
  newUsers7d: bigint('new_users_7d', { mode: 'number' }).notNull(),
  totalSessions: bigint('total_sessions', { mode: 'number' }).notNull(),
  sessions24h: bigint('sessions_24h', { mode: 'number' }).notNull(),
}).as(sql`
  select
    count(distinct wallet_address) as total_unique_users,
    count(distinct wallet_address) filter (where created_at > now() - interval '24 hours') as users_24h,
    count(distinct wallet_address) filter (where is_new_user and created_at > now() - interval '24 hours') as new_users_24h,
    count(distinct wallet_address) filter (where created_at > now() - interval '7 days') as users_7d,
    count(distinct wallet_address) filter (where is_new_user and created_at > now() - interval '7 days') as new_users_7d,
    count(*) as total_sessions,
    count(*) filter (where created_at > now() - interval '24 hours') as sessions_24h
  from user_sessions`);

export const dailyActiveUsers = pgView('daily_active_users', {
  date: date('date').notNull(),
  uniqueUsers: bigint('unique_users', { mode: 'number' }).notNull(),
  newUsers: bigint('new_users', { mode: 'number' }).notNull(),
  totalSessions: bigint('total_sessions', { mode: 'number' }).notNull(),
}).as(sql`
  select
    (created_at at time zone 'UTC')::date as date,
    count(distinct wallet_address) as unique_users,
    count(distinct wallet_address) filter (where is_new_user) as new_users,
    count(*) as total_sessions
  from user_sessions
  group by 1
  order by 1 desc`);

export const deviceAnalytics = pgView('device_analytics', {
  deviceType: text('device_type').notNull(),
  sessions: bigint('sessions', { mode: 'number' }).notNull(),
  percentage: numeric('percentage').notNull(),
}).as(sql`
  select
    device_type::text as device_type,
    count(*) as sessions,
    round(100.0 * count(*) / sum(count(*)) over (), 2) as percentage
  from user_sessions
  group by device_type
  order by sessions desc`);

export const geographicAnalytics = pgView('geographic_analytics', {
  country: text('country').notNull(),
  uniqueUsers: bigint('unique_users', { mode: 'number' }).notNull(),
  totalSessions: bigint('total_sessions', { mode: 'number' }).notNull(),
}).as(sql`
  select
    country,
    count(distinct wallet_address) as unique_users,
    count(*) as total_sessions
  from user_sessions
  group by country
  order by unique_users desc, total_sessions desc`);
