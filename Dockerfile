# syntax=docker/dockerfile:1
# Self-hosting image:  docker build -t qrmenu .  &&  docker run -p 8090:8090 -v qrmenu:/data qrmenu
# Three stages: production dependencies, the web app build, and a small runtime image (no compilers,
# no dev dependencies, non-root). server/ops/artefact.test.ts starts exactly what the runtime
# stage copies (it reads this file), so the two cannot drift apart.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Production dependencies (native modules are compiled here when no prebuilt binary fits).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# 2. The staff web app, built with the dev dependencies (Vite, React, Tailwind), pre-compressed.
FROM deps AS web
RUN npm ci && npm cache clean --force
COPY tsconfig.json ./
COPY scripts ./scripts
COPY shared ./shared
COPY web ./web
RUN npm run build:web

# 3. Runtime: what the server needs and nothing else.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8090 DATA_DIR=/data/db UPLOADS_DIR=/data/uploads WEB_DIST=/app/web/dist
# OCR of scanned menus and photos: Tesseract with the menu languages' data (from Debian, never
# downloaded at run time), pdftoppm to render scanned PDF pages and Ocrad, a second engine that
# checks the prices Tesseract read; DejaVu Sans for the QR print
# kit's PDFs (its letters cover every guest language, Greek included).
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr ocrad fonts-dejavu-core \
      tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-ita tesseract-ocr-spa tesseract-ocr-nld \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY server ./server
COPY shared ./shared
COPY drizzle ./drizzle
COPY drizzle-pg ./drizzle-pg
# Superuser management inside the container: docker exec -it qrmenu node --import tsx scripts/superuser.ts upsert EMAIL PASSWORD
COPY scripts/superuser.ts scripts/cli.ts ./scripts/
COPY --from=web /app/web/dist ./web/dist
RUN mkdir -p /data/db /data/uploads && chown -R node:node /data
USER node
# The database (data.db, auxiliary.db, backups/) and the uploaded files.
VOLUME ["/data"]
EXPOSE 8090
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8090)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are applied by the server at every start; a backup restore restarts it in-process.
CMD ["node", "--import", "tsx", "server/index.ts"]
