# MyGenie in one image: the website, the app and the API on SQLite in /data, with no configuration.
#   docker build -t mygenie .
#   docker run -d -p 3000:3000 -v mygenie-data:/data mygenie
# Every setting of .env.example can be passed with -e (PUBLIC_URL first of all: the address people type).
# scripts/image-steps.mjs performs this file's steps without Docker, and a test runs it (no runtime here).

# --- build: the website and the server, with the dev dependencies that build them
FROM node:24.19.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit /api/health, the metrics and the log report (docs/deploy.md, "Which version runs"): .git is not sent to
# the build, so it comes as an argument, --build-arg SOURCE_COMMIT=$(git rev-parse HEAD); without one, "unknown".
ARG SOURCE_COMMIT
RUN npm run build

# --- runtime: production dependencies and the built output only, as the unprivileged user
FROM node:24.19.0-bookworm-slim
# pg_dump and pg_restore for `npm run backup` on PostgreSQL (docs/deploy.md). pg_dump refuses a server of a newer
# major than its own, and Debian bookworm's is 15: the client of compose.scaled.yaml's PostgreSQL (17) comes from
# PostgreSQL's own apt repository. For another server, build with --build-arg POSTGRES_CLIENT_MAJOR=<its major>.
ARG POSTGRES_CLIENT_MAJOR=17
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-${POSTGRES_CLIENT_MAJOR} \
 && apt-get purge -y --auto-remove curl \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# 503 while migrations run and when the database does not answer (docs/deploy.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/server/main.js"]
