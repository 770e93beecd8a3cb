// The peer page as a plain production app. Its root is this folder, not the project's (whose
// lockfile Next.js would otherwise take for the workspace's).
export default {
  poweredByHeader: false,
  turbopack: { root: import.meta.dirname },
}
