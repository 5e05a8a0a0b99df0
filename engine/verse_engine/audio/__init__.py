"""Reading audio into 16 kHz mono samples, and the centre of a stereo mix."""
