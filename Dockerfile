# The Verse service image: gateway and processors (one image, the command picks the component).
#   docker build -t verse .
#   docker run verse gateway | processor transcription | processor alignment | processor webhook | processor review-timer | migrate
FROM node:20-bookworm-slim
WORKDIR /srv/verse
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund
COPY . .
RUN npm run -s gen:types
ENV VERSE_HOST=0.0.0.0 NODE_ENV=production
EXPOSE 8000
ENTRYPOINT ["bin/verse"]
CMD ["gateway"]
