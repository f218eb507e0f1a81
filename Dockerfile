# The Portico services alone (portico-server), for production. Build from the repository root:
#   docker build -t portico-server .
# Run: docker run --env-file portico.env -p 3001:3001 portico-server   (variables: README, "Run the services in production")

# Build: compile the packages and pack them as they are published.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run pack:packages

# Run: an empty project that installs the packed packages, as any operator's would.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3001
WORKDIR /app
COPY --from=build /src/.packs/ /packs/
RUN echo '{"name":"portico-services","private":true}' > package.json \
  && npm install --omit=dev --no-audit --no-fund /packs/portico-server-*.tgz /packs/portico-core-*.tgz /packs/portico-embedded-*.tgz \
  && rm -rf /packs /root/.npm
USER node
EXPOSE 3001
# Liveness; orchestrators that route traffic should also ask /health/ready (database and chain).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3001)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form: the process gets SIGTERM itself and stops gracefully (requests in flight answer first).
ENTRYPOINT ["/app/node_modules/.bin/portico-server"]
CMD ["start"]
