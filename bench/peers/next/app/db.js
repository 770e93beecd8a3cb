import pg from 'pg'

// One pool per server process, as a Next.js app would hold it; the rows are read per request.
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
