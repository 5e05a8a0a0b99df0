"""The engine as an HTTP service: the FastAPI app, admission to its slots, readiness, and the
object store it reads audio from."""
