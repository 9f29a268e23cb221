# Production image: builds the web app and the API, then runs one Node process serving both.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npx --yes pnpm@10.34.8 install --frozen-lockfile \
 && npx --yes pnpm@10.34.8 run build \
 && npx --yes pnpm@10.34.8 --filter @kindred/api deploy --prod --legacy /out \
 && cp -r apps/api/dist apps/api/drizzle /out/ \
 && mkdir -p /out/web && cp -r apps/web/dist /out/web/dist

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/web/dist
WORKDIR /app
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Layout: dist/server.js, dist/db/migrate-cli.js, drizzle/ (SQL migrations), node_modules/, web/dist/.
# The server applies pending migrations at start; to apply them alone:
#   docker compose run --rm app node dist/db/migrate-cli.js
# --max-semi-space-size: apps/api/src/platform/node-options.ts (DATABASE_SERVER_NODE_OPTIONS).
CMD ["node", "--max-semi-space-size=32", "dist/server.js"]
