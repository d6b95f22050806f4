# The playground as one container: Next's standalone output run by
# server.mjs (which gives the app each connection's address), as a non-root
# user, with a health check on /api/status. Several replicas behind a load
# balancer share short links and rate limits through one Postgres
# (SHARE_DATABASE_URL=postgres://…); see README, "Deploying".
#
#   docker build -t context-editing-playground .
#   docker run -p 3000:3000 -e SHARE_DATABASE_URL=postgres://… context-editing-playground

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lockfile omits platform packages the
# registry does not serve here (see README).
RUN npm install --no-audit --no-fund
COPY . .
RUN npx next build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# The standalone server, its static files and public/, and our entry.
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/server.mjs ./server.mjs
# The default short-link database is a file under ./data (one container
# only; use Postgres for replicas): a folder the app user may write.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/status').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.mjs"]
