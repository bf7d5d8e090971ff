# The app image used by docker-compose.yml (the database is the compose `db` service).
FROM python:3.11-slim
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN pip install --no-cache-dir --no-deps -e .
EXPOSE 8501
# Inside the container streamlit must listen on 0.0.0.0: a port mapping reaches the container from outside its
# loopback. Who can reach it is decided where the port is published — on the host's loopback only:
#   docker run -p 127.0.0.1:8501:8501 -e PAIAS_ALLOW_ANONYMOUS=true <image>   (docker-compose.yml does this)
# Without PAIAS_ALLOW_ANONYMOUS=true (or sign-in) the app refuses to serve on 0.0.0.0. It is deliberately not set
# here: the image cannot know how its port will be published, and `-p 8501:8501` would expose it to the network.
CMD ["streamlit", "run", "ui/app.py", "--server.address", "0.0.0.0", "--server.port", "8501", "--server.headless", "true"]
