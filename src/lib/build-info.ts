export const buildInfo = { version: __APP_VERSION__, buildId: __BUILD_ID__ } as const
