// The dev ports of `pnpm dev`, as each app's webpack.config.mjs sets them, before DEV_PORT_OFFSET.
export const DEV_PORTS = {
  api: 3000,
  shell: 3001,
  'remote-user': 3002,
  'remote-admin': 3003,
  'remote-editor': 3004,
  'remote-reviewer': 3005,
};
