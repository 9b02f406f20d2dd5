# syntax=docker/dockerfile:1
# Parley: the web app and its sync server on one port (README, "Running with Docker").
# Build: docker build -t parley .   Run: docker run -p 8787:8787 -v parley-data:/data parley
# scripts/check-dockerfile.ts checks this file's steps against the repository (npm test runs it).

# --- build: install everything, build the web app, then keep only what the server needs ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/web/package.json packages/web/
COPY packages/server/package.json packages/server/
COPY packages/provider-sim/package.json packages/provider-sim/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the server (TypeScript run by tsx), core and the built app; no compilers, no sources of the app ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/core ./packages/core
COPY --from=build /app/packages/server ./packages/server
COPY --from=build /app/packages/web/package.json ./packages/web/
COPY --from=build /app/packages/web/dist ./packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
